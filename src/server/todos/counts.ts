/**
 * GET /todos/counts: the sidebar's open todos (live, not completed) of all, the Inbox, every live
 * project and every label, in one call of three small queries whatever the number of todos,
 * projects and labels: the counts are kept by triggers (owner_counts, and migration 026's
 * open_todos of projects and labels).
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
  labels: { id: number; open: number }[];
}

export async function openTodoCounts(db: Kysely<Database>, ownerId: number): Promise<TodoCounts> {
  const [owner, projects, labels] = await Promise.all([
    db
      .selectFrom('owner_counts')
      .select('open_todos')
      .where('owner_id', '=', ownerId)
      .executeTakeFirst(),
    // Trashed projects too: the Inbox is what no project row holds.
    db
      .selectFrom('projects')
      .select(['id', 'open_todos', 'deleted_at'])
      .where('owner_id', '=', ownerId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('labels')
      .select(['id', 'open_todos'])
      .where('owner_id', '=', ownerId)
      .orderBy('name_key')
      .orderBy('id')
      .execute(),
  ]);
  const all = owner?.open_todos ?? 0;
  return {
    all,
    inbox: projects.reduce((inbox, project) => inbox - project.open_todos, all),
    projects: projects
      .filter((project) => project.deleted_at === null)
      .map(({ id, open_todos }) => ({ id, open: open_todos })),
    labels: labels.map(({ id, open_todos }) => ({ id, open: open_todos })),
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
