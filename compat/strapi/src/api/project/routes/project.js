'use strict';

/** The core REST routes of /api/projects; a single project is only its owner's (policies/is-owner.js). */
const { createCoreRouter } = require('@strapi/strapi').factories;

const ownerOnly = {
  policies: [{ name: 'global::is-owner', config: { uid: 'api::project.project' } }],
};

module.exports = createCoreRouter('api::project.project', {
  config: { findOne: ownerOnly, update: ownerOnly, delete: ownerOnly },
});
