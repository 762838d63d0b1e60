'use strict';

/**
 * Labels are their owner's, with names unique per user whatever their case; `todos` may link the
 * owner's todos only. Deleting one unlinks it from its todos.
 */
const { createCoreController } = require('@strapi/strapi').factories;
const { ownedController } = require('../../../lib/owned');

const UID = 'api::label.label';

module.exports = createCoreController(
  UID,
  ownedController(UID, { kind: 'label', relations: { todos: 'api::todo.todo' } }),
);
