'use strict';

/**
 * Todos are their owner's (lib/owned.js): `project`, `labels`, `parent` and `subtasks` may link the
 * owner's entries only. A todo's subtasks go at most three levels deep and never around in a
 * circle, as on Ticklist's server. `GET /todos/counts` gives the sidebar its open counts.
 */
const { createCoreController } = require('@strapi/strapi').factories;
const { linkedIds, ownedController, validationError } = require('../../../lib/owned');

const UID = 'api::todo.todo';
const MAX_DEPTH = 3;

const parentOf = async (strapi, id) =>
  (await strapi.db.query(UID).findOne({ where: { id }, populate: { parent: { select: ['id'] } } }))
    ?.parent?.id;

/** Levels of the subtree under `id`, the todo itself included (a todo without subtasks is 1). */
async function subtreeHeight(strapi, id) {
  let level = [id];
  let height = 0;
  while (level.length > 0 && height <= MAX_DEPTH) {
    height += 1;
    const children = await strapi.db
      .query(UID)
      .findMany({ select: ['id'], where: { parent: { id: { $in: level } } } });
    level = children.map((child) => child.id);
  }
  return height;
}

async function refuseBadParent(strapi, data, todoId) {
  const [parentId] = linkedIds(data?.parent);
  if (parentId === undefined) return;
  const self = todoId === undefined ? undefined : Number(todoId);
  let depth = 1; // the parent's level: a root is 1
  for (let cursor = Number(parentId); ; depth += 1) {
    if (cursor === self) throw validationError('parent', 'A todo cannot be its own ancestor');
    const up = await parentOf(strapi, cursor);
    if (up === undefined || depth > MAX_DEPTH) break;
    cursor = up;
  }
  const height = self === undefined ? 1 : await subtreeHeight(strapi, self);
  if (depth + height > MAX_DEPTH)
    throw validationError('parent', `Subtasks go at most ${MAX_DEPTH} levels deep`);
}

/** The open (not completed) todos of the caller in all, the Inbox, each project and each label. */
async function openCounts(strapi, userId) {
  const knex = strapi.db.connection;
  const todos = strapi.db.metadata.get(UID);
  const link = (name) => todos.attributes[name].joinTable;
  const [owner, project, label] = [link('user'), link('project'), link('labels')];
  const open = () =>
    knex(`${todos.tableName} as t`)
      .join(`${owner.name} as o`, `o.${owner.joinColumn.name}`, 't.id')
      .where(`o.${owner.inverseJoinColumn.name}`, userId)
      .where((q) => q.where('t.completed', false).orWhereNull('t.completed'));
  const [byProject, byLabel, projects, labels] = await Promise.all([
    open()
      .leftJoin(`${project.name} as p`, `p.${project.joinColumn.name}`, 't.id')
      .groupBy(`p.${project.inverseJoinColumn.name}`)
      .select(`p.${project.inverseJoinColumn.name} as id`)
      .count('* as open'),
    open()
      .join(`${label.name} as l`, `l.${label.joinColumn.name}`, 't.id')
      .groupBy(`l.${label.inverseJoinColumn.name}`)
      .select(`l.${label.inverseJoinColumn.name} as id`)
      .count('* as open'),
    strapi.db.query('api::project.project').findMany({
      select: ['id'],
      where: { user: { id: userId } },
      orderBy: [{ position: 'asc' }, { id: 'asc' }],
    }),
    strapi.db.query('api::label.label').findMany({
      select: ['id'],
      where: { user: { id: userId } },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
  ]);
  const tally = (rows) => new Map(rows.map((row) => [row.id ?? null, Number(row.open)]));
  const perProject = tally(byProject);
  const perLabel = tally(byLabel);
  return {
    all: [...perProject.values()].reduce((sum, count) => sum + count, 0),
    inbox: perProject.get(null) ?? 0,
    projects: projects.map(({ id }) => ({ id, open: perProject.get(id) ?? 0 })),
    labels: labels.map(({ id }) => ({ id, open: perLabel.get(id) ?? 0 })),
  };
}

const owned = ownedController(UID, {
  relations: {
    project: 'api::project.project',
    labels: 'api::label.label',
    parent: UID,
    subtasks: UID,
  },
  check: refuseBadParent,
});

module.exports = createCoreController(UID, ({ strapi }) =>
  Object.assign(owned({ strapi }), {
    async counts(ctx) {
      return { data: await openCounts(strapi, ctx.state.user.id) };
    },
  }),
);
