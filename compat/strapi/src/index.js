'use strict';

/**
 * At every start, gives the two roles what the SPA needs and takes away what would leak accounts:
 * Authenticated may use todos, projects and labels (scoped to their owner by the controllers and
 * policy), read the sidebar's counts and read itself (`/api/users/me`); Public may register and
 * log in. No role may list or read other users. Todos
 * made before the priority field existed get priority 0 (none), and those made before the position
 * field existed their id as position (as a new todo does: content-types/todo/lifecycles.js).
 */
const GRANTS = {
  authenticated: [
    ...['todo', 'project', 'label'].flatMap((type) =>
      ['find', 'findOne', 'create', 'update', 'delete'].map(
        (action) => `api::${type}.${type}.${action}`,
      ),
    ),
    'api::todo.todo.counts',
    'plugin::users-permissions.user.me',
  ],
  public: ['plugin::users-permissions.auth.register', 'plugin::users-permissions.auth.callback'],
};

const LEAKS = ['find', 'findOne', 'count'].map(
  (action) => `plugin::users-permissions.user.${action}`,
);

module.exports = {
  register() {},

  async bootstrap({ strapi }) {
    // Strapi adds the column without a default for existing rows: null would escape the SPA's
    // "None" filter (filters[priority][$eq]=0) and sort before High on PostgreSQL.
    await strapi.db
      .query('api::todo.todo')
      .updateMany({ where: { priority: { $null: true } }, data: { priority: 0 } });
    // Likewise positions: null would sort apart from the rest; the id keeps the order of creation.
    const knex = strapi.db.connection;
    await knex(strapi.db.metadata.get('api::todo.todo').tableName)
      .whereNull('position')
      .update({ position: knex.ref('id') });
    const permissions = strapi.query('plugin::users-permissions.permission');
    for (const [type, actions] of Object.entries(GRANTS)) {
      const role = await strapi
        .query('plugin::users-permissions.role')
        .findOne({ where: { type } });
      for (const action of actions) {
        if (!(await permissions.findOne({ where: { action, role: role.id } }))) {
          await permissions.create({ data: { action, role: role.id } });
        }
      }
      const leaks = await permissions.findMany({
        where: { action: { $in: LEAKS }, role: role.id },
      });
      for (const leak of leaks) {
        strapi.log.warn(
          `Ticklist: removing ${leak.action} from the ${type} role: it would let users list accounts`,
        );
        await permissions.delete({ where: { id: leak.id } });
      }
    }
  },
};
