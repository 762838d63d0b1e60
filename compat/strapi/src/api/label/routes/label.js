'use strict';

/** The core REST routes of /api/labels; a single label is only its owner's (policies/is-owner.js). */
const { createCoreRouter } = require('@strapi/strapi').factories;

const ownerOnly = { policies: [{ name: 'global::is-owner', config: { uid: 'api::label.label' } }] };

module.exports = createCoreRouter('api::label.label', {
  config: { findOne: ownerOnly, update: ownerOnly, delete: ownerOnly },
});
