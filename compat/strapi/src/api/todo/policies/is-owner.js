'use strict';

/**
 * Guards a single todo (findOne, update, delete): another user's todo is refused (false: Strapi
 * answers 403 "Forbidden"), a missing one is a 404, as Strapi answers without the policy.
 */
const { errors } = require('@strapi/utils');

module.exports = async (policyContext, _config, { strapi }) => {
  const userId = policyContext.state.user?.id;
  const todo = await strapi.entityService.findOne('api::todo.todo', policyContext.params.id, {
    fields: ['id'],
    populate: { user: { fields: ['id'] } },
  });
  if (!todo) throw new errors.NotFoundError('Not Found');
  return userId !== undefined && todo.user?.id === userId;
};
