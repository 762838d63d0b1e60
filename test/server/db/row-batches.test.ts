/**
 * @jest-environment node
 *
 * Rows read from PostgreSQL a batch at a time as they arrive (db/row-batches), and the JSON array
 * that users/me?populate=todos streams from them: every row once and in order, and a statement
 * or connection that fails part way fails the read instead of passing for a shorter answer.
 */
import type { Readable } from 'node:stream';
import { jsonArrayInPieces, readInBatches, type BatchedStatement } from '../../../src/server/db/row-batches';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../support/databases';
import { withAdminClient } from '../support/postgres';

jest.setTimeout(60_000);

const onPostgres = dialectsUnderTest().includes('postgres') ? describe : describe.skip;

const series = (until: number): BatchedStatement => ({ name: 'series', text: 'select i from generate_series(1, $1::int) as i', values: [until] });

/** Fails with division by zero when it reaches row `at`, after the rows before it. */
const failingAt = (at: number): BatchedStatement => ({
  name: 'failing',
  text: 'select i, 1 / ($1::int - i) as x from generate_series(1, 1000) as i',
  values: [at],
});

async function textOf(stream: Readable): Promise<string> {
  let text = '';
  for await (const piece of stream) text += String(piece);
  return text;
}

onPostgres('rows in batches on PostgreSQL', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.dispose());

  /** Batches of `size` rows of `statement`, as the values of their first column. */
  async function batchesOf(statement: BatchedStatement, size: number): Promise<number[][]> {
    const batches: number[][] = [];
    await readInBatches<{ i: number }>(db(), statement, size, (rows) => batches.push(rows.map((row) => row.i)));
    return batches;
  }

  it('hands over every row once, in order, in batches of the size asked, the last one shorter', async () => {
    const batches = await batchesOf(series(450), 200);
    expect(batches.map((batch) => batch.length)).toEqual([200, 200, 50]);
    expect(batches.flat()).toEqual(Array.from({ length: 450 }, (_, i) => i + 1));
    expect((await batchesOf(series(400), 200)).map((batch) => batch.length)).toEqual([200, 200]);
    expect(await batchesOf(series(0), 200)).toEqual([]);
  });

  it('rejects with the statement’s error after the whole batches before it; the connection serves again', async () => {
    const batches: number[] = [];
    await expect(readInBatches<{ i: number }>(db(), failingAt(450), 200, (rows) => batches.push(rows.length))).rejects.toThrow(/division by zero/);
    // Rows 1–449 arrived before the error: two whole batches; the 49 after them are not handed over.
    expect(batches).toEqual([200, 200]);
    expect((await batchesOf(series(3), 2)).flat()).toEqual([1, 2, 3]);
  });

  it('stops at the first batch its receiver refuses and rejects with that error; the connection serves again', async () => {
    let calls = 0;
    const refused = new Error('no room for this batch');
    const read = readInBatches(db(), series(1000), 100, () => {
      calls += 1;
      if (calls === 2) throw refused;
    });
    await expect(read).rejects.toBe(refused);
    expect(calls).toBe(2);
    expect((await batchesOf(series(3), 2)).flat()).toEqual([1, 2, 3]);
  });

  it('fails when its backend is terminated part way; the next read gets a working connection', async () => {
    // Rows wide enough to leave PostgreSQL before the sleep that holds the statement at row 301.
    const slow: BatchedStatement = {
      name: 'slow',
      text: "select i, repeat('x', 1000) as wide, case when i > 300 then pg_sleep(30) end as held from generate_series(1, 400) as i",
      values: [],
    };
    let firstBatch: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (firstBatch = resolve));
    const read = readInBatches(db(), slow, 100, () => firstBatch());
    const failed = expect(read).rejects.toThrow(/terminat/);
    await started;
    const terminated = await withAdminClient(async (client) => {
      const { rows } = await client.query<{ ended: boolean }>(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where query like '%pg_sleep(30)%' and pid <> pg_backend_pid()",
      );
      return rows.filter((row) => row.ended).length;
    });
    expect(terminated).toBe(1);
    await failed;
    expect((await batchesOf(series(5), 2)).flat()).toEqual([1, 2, 3, 4, 5]);
  });

  describe('as one JSON array in pieces', () => {
    it('is the JSON array of the rows, whatever the number of pieces', async () => {
      for (const [until, rowsPerPiece] of [[450, 200], [400, 200], [1, 200], [7, 1]]) {
        const stream = await jsonArrayInPieces(db(), series(until!), rowsPerPiece!);
        expect(JSON.parse(await textOf(stream))).toEqual(Array.from({ length: until! }, (_, i) => ({ i: i + 1 })));
      }
      expect(await textOf(await jsonArrayInPieces(db(), series(0), 200))).toBe('[]');
    });

    it('fails the call when the statement fails before its first piece', async () => {
      await expect(jsonArrayInPieces(db(), failingAt(50), 200)).rejects.toThrow(/division by zero/);
    });

    it('destroys the stream with the error when the statement fails after its first piece', async () => {
      const stream = await jsonArrayInPieces(db(), failingAt(450), 200);
      await expect(textOf(stream)).rejects.toThrow(/division by zero/);
    });
  });
});
