'use strict';

/**
 * Strapi's stock middlewares, with CORS open to the SPA's origin only: CORS_ORIGINS, one origin
 * or several separated by commas. Unset, it allows Vite's local dev and preview servers.
 */
const LOCAL_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:4173',
  'http://127.0.0.1:4173',
];

module.exports = ({ env }) => [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  { name: 'strapi::cors', config: { origin: env.array('CORS_ORIGINS', LOCAL_ORIGINS) } },
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
