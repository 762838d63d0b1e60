'use strict';

/**
 * Projects are their owner's, with names unique per user whatever their case; `todos` may link
 * the owner's todos only. Deleting one leaves its todos in the Inbox (Strapi has no trash).
 */
const { createCoreController } = require('@strapi/strapi').factories;
const { ownedController } = require('../../../lib/owned');

const UID = 'api::project.project';

module.exports = createCoreController(
  UID,
  ownedController(UID, { kind: 'project', relations: { todos: 'api::todo.todo' } }),
);
