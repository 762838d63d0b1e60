/**
 * GET /todos/counts: the sidebar's open todos (live, not completed) of the Inbox, of every live
 * project and of every label, in one call of four queries whatever the number of projects and
 * labels: one grouped count over the index of migration 018 that holds open todos only and the
 * owner's live projects in their order; the labels' two (labels/counts.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Database } from '../db/types';
import { openTodosPerLabel } from '../labels';
import { todoCountsSchema } from '../http/project-schemas';
import { bearerSecurity, errorResponses } from '../http/schemas';

export interface TodoCounts {
  all: number;
  inbox: number;
  projects: { id: number; open: number }[];
  labels: { id: number; open: number }[];
}

export async function openTodoCounts(db: Kysely<Database>, ownerId: number): Promise<TodoCounts> {
  const [groups, projects, labels] = await Promise.all([
    db
      .selectFrom('todos')
      .select((eb) => ['project_id', eb.fn.countAll<number | string>().as('open')])
      .where('owner_id', '=', ownerId)
      .where('completed', '=', 0)
      .where('deleted_at', 'is', null)
      .groupBy('project_id')
      .execute(),
    db
      .selectFrom('projects')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    openTodosPerLabel(db, ownerId),
  ]);
  const open = new Map(groups.map((group) => [group.project_id, Number(group.open)]));
  return {
    all: [...open.values()].reduce((sum, count) => sum + count, 0),
    inbox: open.get(null) ?? 0,
    projects: projects.map(({ id }) => ({ id, open: open.get(id) ?? 0 })),
    labels,
  };
}

export function countRoutes(app: FastifyInstance, { db, authenticate }: AppContext): void {
  app.get(
    '/todos/counts',
    {
      preValidation: authenticate,
      schema: {
        tags: ['todos'],
        security: bearerSecurity,
        summary:
          'Open todos (live, not completed) in all, in the Inbox, in each live project and with each label, for the sidebar: one call',
        response: { 200: todoCountsSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await openTodoCounts(db, sessionOf(request).user.id) }),
  );
}
