'use strict';

/**
 * What every owned content type (todo, project, label) shares. Lists and new entries belong to the
 * caller; the owner is applied after Strapi has validated and sanitized the request, because
 * Strapi refuses a filter on `user` ("Invalid parameter user") and drops a `user` input for a role
 * that may not `find` users, and granting that would let every user list every account. A relation
 * to another user's entry answers exactly as one that does not exist (400, nothing written), so no
 * request can tell whether it exists. Single entries: policies/is-owner.js.
 */
const { errors } = require('@strapi/utils');

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

const validationError = (path, message) =>
  new errors.ValidationError(message, {
    errors: [{ path: [path], message, name: 'ValidationError' }],
  });

/**
 * A body may name the caller as owner (as `id` or `[id]`, the SPA sends both); naming anyone else
 * is a 403 (Strapi answers every ForbiddenError past its permission check as 403 "Forbidden").
 */
function refuseOtherOwner(data, userId) {
  if (!isObject(data) || data.user === undefined) return;
  const named = Array.isArray(data.user) ? data.user : [data.user];
  if (named.length !== 1 || Number(named[0]) !== userId) throw new errors.ForbiddenError();
}

/**
 * The ids a Strapi 4 relation input links: `3`, `[1, 2]`, `{ id }`, `{ connect | set: [...] }` with
 * ids or `{ id }`; `null` and `disconnect` link none.
 */
function linkedIds(value) {
  if (value === null || value === undefined) return [];
  const idOf = (item) => (isObject(item) ? item.id : item);
  if (Array.isArray(value)) return value.map(idOf);
  if (isObject(value) && ('connect' in value || 'set' in value || 'disconnect' in value))
    return [...(value.connect ?? []), ...(value.set ?? [])].map(idOf);
  return [idOf(value)];
}

async function refuseForeignRelations(strapi, data, userId, relations) {
  if (!isObject(data)) return;
  for (const [field, uid] of Object.entries(relations)) {
    if (data[field] === undefined) continue;
    for (const id of linkedIds(data[field])) {
      const owned =
        Number.isSafeInteger(Number(id)) &&
        Number(id) > 0 &&
        (await strapi.db
          .query(uid)
          .findOne({ select: ['id'], where: { id: Number(id), user: { id: userId } } }));
      if (!owned) throw validationError(field, `${field} ${id} does not exist`);
    }
  }
}

/** Names are trimmed and unique per user whatever their case, as on Ticklist's server. */
async function refuseTakenName(strapi, uid, kind, data, userId, exceptId) {
  if (!isObject(data) || typeof data.name !== 'string') return;
  data.name = data.name.trim();
  const where = { name: { $eqi: data.name }, user: { id: userId } };
  if (exceptId !== undefined) where.id = { $ne: Number(exceptId) };
  if (await strapi.db.query(uid).findOne({ select: ['id'], where }))
    throw validationError('name', `A ${kind} named "${data.name}" already exists`);
}

/**
 * The core controller of an owned type. `relations` maps each relation field of the type to the
 * owned type it points at; `kind` names a type whose names are unique per user.
 */
function ownedController(uid, { relations, kind, check }) {
  return ({ strapi }) => {
    const refuse = async (ctx, data, exceptId) => {
      const userId = ctx.state.user.id;
      refuseOtherOwner(data, userId);
      if (isObject(data)) delete data.user; // the owner is the caller, and never changes
      await refuseForeignRelations(strapi, data, userId, relations);
      if (kind) await refuseTakenName(strapi, uid, kind, data, userId, exceptId);
      if (check) await check(strapi, data, exceptId);
    };
    return {
      async find(ctx) {
        await this.validateQuery(ctx);
        const query = await this.sanitizeQuery(ctx);
        const filters = {
          $and: [query.filters ?? {}, { user: { id: { $eq: ctx.state.user.id } } }],
        };
        const { results, pagination } = await strapi.service(uid).find({ ...query, filters });
        return this.transformResponse(await this.sanitizeOutput(results, ctx), { pagination });
      },

      async create(ctx) {
        const data = ctx.request.body?.data;
        if (!isObject(data))
          throw new errors.ValidationError('Missing "data" payload in the request body');
        await refuse(ctx, data);
        const input = await this.sanitizeInput(data, ctx);
        const entry = await strapi
          .service(uid)
          .create({ data: { ...input, user: ctx.state.user.id } });
        return this.transformResponse(await this.sanitizeOutput(entry, ctx));
      },

      // Strapi's own update, written out: the methods may be spread into another controller,
      // where `super` would not reach the core one.
      async update(ctx) {
        const data = ctx.request.body?.data;
        if (!isObject(data))
          throw new errors.ValidationError('Missing "data" payload in the request body');
        await refuse(ctx, data, ctx.params.id);
        const input = await this.sanitizeInput(data, ctx);
        const entry = await strapi
          .service(uid)
          .update(ctx.params.id, { ...ctx.request.query, data: input });
        return this.transformResponse(await this.sanitizeOutput(entry, ctx));
      },
    };
  };
}

module.exports = { isObject, linkedIds, ownedController, validationError };
