'use strict';

/**
 * The todo controller: every list and every new todo belongs to the caller. The owner is applied
 * after Strapi has validated and sanitized the request, because Strapi refuses a filter on `user`
 * ("Invalid parameter user") and drops a `user` input for a role that may not `find` users, and
 * granting that would let every user list every account. Single todos: policies/is-owner.js.
 */
const { createCoreController } = require('@strapi/strapi').factories;
const { errors } = require('@strapi/utils');

const UID = 'api::todo.todo';

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A body may name the caller as owner (as `id` or `[id]`, the SPA sends both); naming anyone else
 * is a 403 (Strapi answers every ForbiddenError past its permission check as 403 "Forbidden").
 */
function refuseOtherOwner(data, userId) {
  if (!isObject(data) || data.user === undefined) return;
  const named = Array.isArray(data.user) ? data.user : [data.user];
  if (named.length !== 1 || Number(named[0]) !== userId) throw new errors.ForbiddenError();
}

module.exports = createCoreController(UID, ({ strapi }) => ({
  async find(ctx) {
    await this.validateQuery(ctx);
    const query = await this.sanitizeQuery(ctx);
    const filters = { $and: [query.filters ?? {}, { user: { id: { $eq: ctx.state.user.id } } }] };
    const { results, pagination } = await strapi.service(UID).find({ ...query, filters });
    return this.transformResponse(await this.sanitizeOutput(results, ctx), { pagination });
  },

  async create(ctx) {
    const data = ctx.request.body?.data;
    if (!isObject(data))
      throw new errors.ValidationError('Missing "data" payload in the request body');
    refuseOtherOwner(data, ctx.state.user.id);
    const input = await this.sanitizeInput(data, ctx);
    const todo = await strapi.service(UID).create({ data: { ...input, user: ctx.state.user.id } });
    return this.transformResponse(await this.sanitizeOutput(todo, ctx));
  },

  async update(ctx) {
    const data = ctx.request.body?.data;
    refuseOtherOwner(data, ctx.state.user.id);
    if (isObject(data)) delete data.user; // the owner never changes
    return super.update(ctx);
  },
}));
