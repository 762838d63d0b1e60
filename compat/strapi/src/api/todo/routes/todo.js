'use strict';

/** The core REST routes of /api/todos; a single todo is only its owner's (policies/is-owner.js). */
const { createCoreRouter } = require('@strapi/strapi').factories;

const ownerOnly = { policies: [{ name: 'global::is-owner', config: { uid: 'api::todo.todo' } }] };

module.exports = createCoreRouter('api::todo.todo', {
  config: { findOne: ownerOnly, update: ownerOnly, delete: ownerOnly },
});
