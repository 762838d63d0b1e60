/**
 * GET /todos/counts: the sidebar's open todos (live, not completed) of the Inbox and of every live
 * project, in one call of two queries whatever the number of projects: one grouped count over the
 * index of migration 018 that holds open todos only, and the owner's live projects in their order.
 * Labels can join as another key of `data`.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Database } from '../db/types';
import { todoCountsSchema } from '../http/project-schemas';
import { bearerSecurity, errorResponses } from '../http/schemas';

export interface TodoCounts {
  all: number;
  inbox: number;
  projects: { id: number; open: number }[];
}

export async function openTodoCounts(db: Kysely<Database>, ownerId: number): Promise<TodoCounts> {
  const [groups, projects] = await Promise.all([
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
  ]);
  const open = new Map(groups.map((group) => [group.project_id, Number(group.open)]));
  return {
    all: [...open.values()].reduce((sum, count) => sum + count, 0),
    inbox: open.get(null) ?? 0,
    projects: projects.map(({ id }) => ({ id, open: open.get(id) ?? 0 })),
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
          'Open todos (live, not completed) in all, in the Inbox and in each live project, for the sidebar: one call',
        response: { 200: todoCountsSchema, ...errorResponses },
      },
    },
    async (request) => ({ data: await openTodoCounts(db, sessionOf(request).user.id) }),
  );
}
