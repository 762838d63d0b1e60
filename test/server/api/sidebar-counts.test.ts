/**
 * @jest-environment node
 *
 * GET /api/todos/counts reads open counts that triggers keep (owner_counts, migration 026's
 * open_todos of projects and labels); the list's tree view and a label's page read their totals
 * from 026's owner_counts.live_roots and labels.live_todos. Whatever sequence of API writes a user
 * makes (todos created in projects, with labels and under parents; moves, relabels, completions,
 * trash and restore of todos and of projects, bulk actions, deleted labels, the emptied trash and
 * the purge), the call and those totals answer what a fresh count of the rows says.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import type { Session } from '../../../src/shared/api-types';
import { purgeTrash } from '../../../src/server/todos/trash';
import {
  call,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

jest.setTimeout(300_000);

type Op =
  | { kind: 'project' | 'label' }
  | { kind: 'trashProject' | 'restoreProject' | 'deleteLabel'; pick: number }
  | {
      kind: 'create';
      project: number | null;
      labels: number[];
      parent: number | null;
      completed: boolean;
    }
  | { kind: 'move'; pick: number; project: number | null }
  | { kind: 'relabel'; pick: number; labels: number[] }
  | { kind: 'complete' | 'uncomplete' | 'delete' | 'restore'; pick: number }
  | {
      kind: 'bulk';
      action: 'complete' | 'delete' | 'restore' | 'move';
      picks: number[];
      project: number | null;
    }
  | { kind: 'restoreAll' | 'emptyTrash' | 'purge' };

const pickOrNull = fc.option(fc.nat(), { nil: null });
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constantFrom('project' as const, 'label' as const) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'trashProject' as const,
        'restoreProject' as const,
        'deleteLabel' as const,
      ),
      pick: fc.nat(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      project: pickOrNull,
      labels: fc.array(fc.nat(), { maxLength: 2 }),
      parent: pickOrNull,
      completed: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      project: pickOrNull,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('relabel' as const),
      pick: fc.nat(),
      labels: fc.array(fc.nat(), { maxLength: 2 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'complete' as const,
        'uncomplete' as const,
        'delete' as const,
        'restore' as const,
      ),
      pick: fc.nat(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bulk' as const),
      action: fc.constantFrom(
        'complete' as const,
        'delete' as const,
        'restore' as const,
        'move' as const,
      ),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
      project: pickOrNull,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('restoreAll' as const, 'emptyTrash' as const, 'purge' as const),
    }),
  },
);

interface Counts {
  all: number;
  inbox: number;
  projects: { id: number; open: number }[];
  labels: { id: number; open: number }[];
  /** The total of the list's tree view: live todos without a parent. */
  roots: number;
  /** The totals of each label's page, all and completed only: [label id, all, completed]. */
  labelPages: [number, number, number][];
}

describeEachDialect('the sidebar’s kept open counts through every API write', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  const db = () => t.database.handle.db;
  const pickFrom = <T>(list: T[], pick: number | null) =>
    pick !== null && list.length > 0 ? list[pick % list.length] : undefined;
  const rowsOf = async (
    table: 'todos' | 'projects' | 'labels',
    ownerId: number,
    trashed: boolean | undefined,
  ) => {
    let query = db().selectFrom(table).select('id').where('owner_id', '=', ownerId);
    if (trashed !== undefined && table !== 'labels')
      query = query.where('deleted_at', trashed ? 'is not' : 'is', null);
    return (await query.orderBy('id').execute()).map((row) => row.id);
  };

  /** The counts as a fresh count of the rows says, in the call's shape. */
  async function counted(ownerId: number): Promise<Counts> {
    const open = sql`todos.owner_id = ${ownerId} and todos.deleted_at is null and todos.completed = 0`;
    const n = (value: number | string) => Number(value);
    const all = await sql<{
      n: number | string;
    }>`select count(*) as n from todos where ${open}`.execute(db());
    const inbox = await sql<{
      n: number | string;
    }>`select count(*) as n from todos where ${open} and todos.project_id is null`.execute(db());
    const projects = await sql<{ id: number; n: number | string }>`select projects.id,
        (select count(*) from todos where ${open} and todos.project_id = projects.id) as n
      from projects where projects.owner_id = ${ownerId} and projects.deleted_at is null
      order by projects.position, projects.id`.execute(db());
    const labels = await sql<{ id: number; n: number | string }>`select labels.id,
        (select count(*) from todo_labels join todos on todos.id = todo_labels.todo_id
          where todo_labels.label_id = labels.id and ${open}) as n
      from labels where labels.owner_id = ${ownerId} order by labels.name_key, labels.id`.execute(
      db(),
    );
    const roots = await sql<{
      n: number | string;
    }>`select count(*) as n from todos where owner_id = ${ownerId} and deleted_at is null and parent_id is null`.execute(
      db(),
    );
    const pages = await sql<{
      id: number;
      all: number | string;
      done: number | string;
    }>`select labels.id,
        (select count(*) from todo_labels join todos on todos.id = todo_labels.todo_id
          where todo_labels.label_id = labels.id and todos.deleted_at is null) as "all",
        (select count(*) from todo_labels join todos on todos.id = todo_labels.todo_id
          where todo_labels.label_id = labels.id and todos.deleted_at is null
          and todos.completed = 1) as done
      from labels where labels.owner_id = ${ownerId} order by labels.id`.execute(db());
    return {
      all: n(all.rows[0]!.n),
      inbox: n(inbox.rows[0]!.n),
      projects: projects.rows.map((row) => ({ id: row.id, open: n(row.n) })),
      labels: labels.rows.map((row) => ({ id: row.id, open: n(row.n) })),
      roots: n(roots.rows[0]!.n),
      labelPages: pages.rows.map((row) => [row.id, n(row.all), n(row.done)]),
    };
  }
  const reported = async (session: Session): Promise<Counts> => {
    const response = await call(t.app, session, { method: 'GET', url: '/api/todos/counts' });
    expect(response.statusCode).toBe(200);
    const tree = await call(t.app, session, {
      method: 'GET',
      url: '/api/todos?filters[parent][id][$null]=true',
    });
    const total = async (query: string) =>
      (await call(t.app, session, { method: 'GET', url: `/api/todos?${query}` })).json<{
        meta: { pagination: { total: number } };
      }>().meta.pagination.total;
    const labelPages: [number, number, number][] = [];
    for (const id of await rowsOf('labels', session.user.id, undefined))
      labelPages.push([
        id,
        await total(`filters[labels][id][$eq]=${id}`),
        await total(`filters[labels][id][$eq]=${id}&filters[completed][$eq]=true`),
      ]);
    return {
      ...response.json<{ data: Omit<Counts, 'roots' | 'labelPages'> }>().data,
      roots: tree.json<{ meta: { pagination: { total: number } } }>().meta.pagination.total,
      labelPages,
    };
  };

  let names = 0;
  async function apply(session: Session, op: Op): Promise<void> {
    const me = session.user.id;
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      call(t.app, session, { method, url, payload });
    const expectOk = async (
      answer: Promise<{ statusCode: number; body: string }>,
      allowed = [200],
    ) => {
      const { statusCode, body } = await answer;
      if (!allowed.includes(statusCode)) throw new Error(`${op.kind}: ${statusCode} ${body}`);
    };
    const liveProjects = () => rowsOf('projects', me, false);
    const projectOf = async (pick: number | null) => pickFrom(await liveProjects(), pick) ?? null;
    const labelsOf = async (picks: number[]) => {
      const labels = await rowsOf('labels', me, undefined);
      return [
        ...new Set(picks.map((pick) => pickFrom(labels, pick)).filter((id) => id !== undefined)),
      ];
    };
    switch (op.kind) {
      case 'project':
      case 'label':
        names += 1;
        return expectOk(
          send('POST', `/api/${op.kind}s`, { data: { name: `${op.kind} ${names}` } }),
        );
      case 'trashProject':
      case 'restoreProject': {
        const id = pickFrom(await rowsOf('projects', me, op.kind === 'restoreProject'), op.pick);
        if (id === undefined) return;
        // A restore is refused when a live project took the name meanwhile: names are unique here.
        return op.kind === 'trashProject'
          ? expectOk(send('DELETE', `/api/projects/${id}`))
          : expectOk(send('POST', `/api/projects/${id}/restore`));
      }
      case 'deleteLabel': {
        const id = pickFrom(await rowsOf('labels', me, undefined), op.pick);
        if (id === undefined) return;
        return expectOk(send('DELETE', `/api/labels/${id}`));
      }
      case 'create': {
        const parent = pickFrom(await rowsOf('todos', me, false), op.parent) ?? null;
        const data = {
          title: 'todo',
          completed: op.completed,
          labels: await labelsOf(op.labels),
          // A subtask lives in its parent's project.
          ...(parent === null ? { project: await projectOf(op.project) } : { parent }),
        };
        // A parent too deep is refused (400) and writes nothing.
        return expectOk(send('POST', '/api/todos', { data }), [200, 400]);
      }
      case 'move':
      case 'relabel':
      case 'complete':
      case 'uncomplete':
      case 'delete':
      case 'restore': {
        const id = pickFrom(await rowsOf('todos', me, op.kind === 'restore'), op.pick);
        if (id === undefined) return;
        if (op.kind === 'delete') return expectOk(send('DELETE', `/api/todos/${id}`));
        if (op.kind === 'restore') return expectOk(send('POST', `/api/todos/${id}/restore`));
        const data =
          op.kind === 'move'
            ? { project: await projectOf(op.project) }
            : op.kind === 'relabel'
              ? { labels: await labelsOf(op.labels) }
              : { completed: op.kind === 'complete' };
        // Moving a subtask on its own is refused (it lives in its parent's project).
        return expectOk(send('PUT', `/api/todos/${id}`, { data }), [200, 400]);
      }
      case 'bulk': {
        const from = await rowsOf('todos', me, op.action === 'restore');
        const ids = [...new Set(op.picks.map((pick) => pickFrom(from, pick)))];
        if (ids[0] === undefined) return;
        const extra = op.action === 'move' ? { project: await projectOf(op.project) } : {};
        return expectOk(
          send('POST', '/api/todos/bulk', { action: op.action, ids, ...extra }),
          [200, 400],
        );
      }
      case 'restoreAll':
        return expectOk(send('POST', '/api/todos/trash/restore'));
      case 'emptyTrash':
        return expectOk(send('DELETE', '/api/todos/trash'), [204]);
      case 'purge':
        await purgeTrash(db(), 1, new Date(Date.now() + 2 * 86_400_000));
        return;
    }
  }

  it('answers what a count of the rows says after any sequence of writes', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 10, maxLength: 40 }), async (ops) => {
        run += 1;
        const session = await register(t.app, credentials('sidebar'), `10.1.${run}.1`);
        for (const op of ops) {
          await apply(session, op);
          expect(await reported(session)).toEqual(await counted(session.user.id));
        }
      }),
      { numRuns: 25 },
    );
  });
});
