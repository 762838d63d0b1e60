'use strict';

/** The core REST routes of /api/todos; a single todo is only its owner's (policies/is-owner.js). */
const { createCoreRouter } = require('@strapi/strapi').factories;

const ownerOnly = { policies: ['api::todo.is-owner'] };

module.exports = createCoreRouter('api::todo.todo', {
  config: { findOne: ownerOnly, update: ownerOnly, delete: ownerOnly },
});
