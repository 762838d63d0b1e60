'use strict';

/* global strapi -- Strapi 4 makes its instance a global, as its lifecycle hooks are given no other. */

/**
 * A new todo without a position takes its id as position, as on Ticklist's server: it comes last
 * in its owner's order ("Your order", sort=position:asc) without a max() per create. The id is
 * known only once the row is written, hence after the create.
 */
module.exports = {
  async afterCreate(event) {
    const { result, params } = event;
    if (params.data?.position != null || !result?.id) return;
    await strapi.db
      .query('api::todo.todo')
      .update({ where: { id: result.id }, data: { position: result.id } });
    result.position = result.id;
  },
};
