/**
 * @jest-environment node
 *
 * The pipelined PostgreSQL connections the prepared shapes run on (db/pipeline): many calls share
 * a few connections at once, so each must still get its own answer, its own error, and survive a
 * connection that dies under it.
 */
import pg from 'pg';
import { createPipeline, STATEMENTS_IN_FLIGHT, type Pace, type Pipeline } from '../../../src/server/db/pipeline';
import { dialectsUnderTest } from '../support/databases';
import { ADMIN_URL, withAdminClient } from '../support/postgres';

jest.setTimeout(60_000);

const onPostgres = dialectsUnderTest().includes('postgres') ? describe : describe.skip;

let opened = 0;
/** A pipeline whose connections carry an application name of their own, to find them in pg_stat_activity. */
function pipelineFor(connections: number): { pipeline: Pipeline; name: string } {
  opened += 1;
  const name = `pipeline_test_${process.pid}_${opened}`;
  const pipeline = createPipeline(pg.Client, {
    connectionString: ADMIN_URL,
    connections,
    connectionTimeoutMillis: 3000,
    setup: (client) => client.query(`set application_name = '${name}'`),
  });
  return { pipeline, name };
}

const backendsNamed = (name: string) =>
  withAdminClient(async (client) => {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [name]);
    return rows.map((row) => row.pid);
  });

type Answer = [number, string, number];
const ask = (pipeline: Pipeline, n: number) =>
  pipeline
    .query<Answer>({ text: `select $1::int, current_setting('application_name'), pg_backend_pid()`, values: [n], rowMode: 'array' })
    .then((result) => result.rows[0]!);

onPostgres('pipelined PostgreSQL connections', () => {
  it('answers each of many calls at once with its own rows, on at most the connections allowed, each set up before its first call', async () => {
    const { pipeline, name } = pipelineFor(2);
    try {
      const numbers = Array.from({ length: 300 }, (_, i) => i);
      const answers = await Promise.all(numbers.map((n) => ask(pipeline, n)));
      expect(answers.map(([n]) => n)).toEqual(numbers);
      expect(new Set(answers.map(([, application]) => application))).toEqual(new Set([name]));
      expect(new Set(answers.map(([, , pid]) => pid)).size).toBeLessThanOrEqual(2);
      expect((await backendsNamed(name)).length).toBeLessThanOrEqual(2);
    } finally {
      await pipeline.end();
    }
  });

  it('fails only the call whose statement fails; the calls written beside it on the connection are answered', async () => {
    const { pipeline } = pipelineFor(1);
    try {
      const divide = (by: number) =>
        pipeline.query<[number]>({ name: 'pipeline_test_divide', text: 'select 12 / $1::int', values: [by], rowMode: 'array' });
      const results = await Promise.allSettled([divide(3), divide(0), divide(4), divide(0), divide(6)]);
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
      expect(results.flatMap((result) => (result.status === 'fulfilled' ? result.value.rows : []))).toEqual([[4], [3], [2]]);
      expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: '22012' });
      // The connection goes on, with its named statement still prepared.
      expect((await divide(2)).rows).toEqual([[6]]);
    } finally {
      await pipeline.end();
    }
  });

  it('fails the calls of a connection that dies, and answers later calls on a new one', async () => {
    const { pipeline } = pipelineFor(1);
    try {
      const [, , first] = await ask(pipeline, 1);
      const held = pipeline.query({ text: 'select pg_sleep(5)', rowMode: 'array' });
      await withAdminClient((client) => client.query('select pg_terminate_backend($1)', [first]));
      await expect(held).rejects.toThrow();
      const [n, , second] = await ask(pipeline, 2);
      expect(n).toBe(2);
      expect(second).not.toBe(first);
    } finally {
      await pipeline.end();
    }
  });

  const sleepy = (pipeline: Pipeline, n: number, pace: Pace) =>
    pipeline.query<[number]>({ text: 'select $1::int from pg_sleep(0.05)', values: [n], rowMode: 'array' }, pace);

  it.each(['quick', 'slow'] as const)(
    'on end, answers the calls already written (%s ones: as many as a connection holds), fails those still waiting and any made later, and closes its connections',
    async (pace) => {
      const { pipeline, name } = pipelineFor(1);
      await ask(pipeline, 0);
      const settled = Promise.allSettled(Array.from({ length: STATEMENTS_IN_FLIGHT[pace] + 2 }, (_, i) => sleepy(pipeline, i, pace)));
      await pipeline.end();
      const results = await settled;
      expect(results.map((result) => result.status)).toEqual([
        ...Array<string>(STATEMENTS_IN_FLIGHT[pace]).fill('fulfilled'),
        'rejected',
        'rejected',
      ]);
      await expect(ask(pipeline, 9)).rejects.toThrow('the database connections are closed');
      for (let tries = 0; (await backendsNamed(name)).length > 0; tries++) {
        expect(tries).toBeLessThan(50);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  );

  it.each([
    // 3 slow ones, then quick ones up to 8 in all; the slow one then finds no room, and the quick
    // one behind it waits with it.
    { paces: ['slow', 'slow', 'slow', 'quick', 'quick', 'quick', 'quick', 'quick', 'slow', 'quick'] as Pace[], written: 8 },
    // A slow call finds 4 quick ones written: it waits, and so does the quick one behind it.
    { paces: ['quick', 'quick', 'quick', 'quick', 'slow', 'quick'] as Pace[], written: 4 },
  ])('writes a slow call only to a connection holding fewer than 3, a quick one fewer than 8, oldest first ($written of $paces)', async ({ paces, written }) => {
    const { pipeline } = pipelineFor(1);
    await ask(pipeline, 0);
    const settled = Promise.allSettled(paces.map((pace, i) => sleepy(pipeline, i, pace)));
    await pipeline.end();
    const results = await settled;
    expect(results.map((result) => result.status)).toEqual([
      ...Array<string>(written).fill('fulfilled'),
      ...Array<string>(paces.length - written).fill('rejected'),
    ]);
  });
});
