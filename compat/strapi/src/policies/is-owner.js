'use strict';

/**
 * Guards a single entry of an owned type (`config.uid`: findOne, update, delete): another user's
 * entry is refused (false: Strapi answers 403 "Forbidden"), a missing one is a 404, as Strapi
 * answers without the policy.
 */
const { errors } = require('@strapi/utils');

module.exports = async (policyContext, config, { strapi }) => {
  const userId = policyContext.state.user?.id;
  const entry = await strapi.entityService.findOne(config.uid, policyContext.params.id, {
    fields: ['id'],
    populate: { user: { fields: ['id'] } },
  });
  if (!entry) throw new errors.NotFoundError('Not Found');
  return userId !== undefined && entry.user?.id === userId;
};
