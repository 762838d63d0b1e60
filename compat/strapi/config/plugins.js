'use strict';

/**
 * Strapi has no logout: a token stays valid until it expires. Seven days by default (Strapi's own
 * default is 30), or JWT_EXPIRES_IN (e.g. "12h", "30d").
 */
module.exports = ({ env }) => ({
  'users-permissions': { config: { jwt: { expiresIn: env('JWT_EXPIRES_IN', '7d') } } },
});
