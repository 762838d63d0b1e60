/**
 * @jest-environment node
 *
 * What a crashed import leaves behind is deleted by housekeeping once the batch has been untouched
 * for 5 minutes: an unfinished batch with the series it started, a finished one without touching
 * the series its todos now use; an import still writing elsewhere is left alone.
 */
import { deleteAbandonedImports } from '../../../src/server/todos/import-cleanup';
import { startSeries } from '../../../src/server/todos/series';
import { createUser } from '../../../src/server/users/repository';
import { createTestDatabase, dialectsUnderTest, type TestDatabase } from '../support/databases';

jest.setTimeout(60_000);

describe.each(dialectsUnderTest())('abandoned imports on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.dispose());

  const now = new Date('2026-11-26T10:00:00.000Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  /** A batch as an import leaves it, with `rows` staged rows of one new series. */
  async function batch(
    id: string,
    ownerId: number,
    touchedAt: string,
    finished: number,
    rows = 1200,
  ) {
    const db = database.handle.db;
    const series = await startSeries(
      db,
      ownerId,
      { title: id, description: null, recurrence: 'FREQ=DAILY' },
      '2026-12-01',
      now,
      rows,
    );
    await db
      .insertInto('import_batches')
      .values({ id, owner_id: ownerId, touched_at: touchedAt, finished })
      .execute();
    const staged = Array.from({ length: rows }, (_, position) => ({
      batch_id: id,
      position,
      title: `${id} ${position}`,
      title_key: `${id} ${position}`,
      description: null,
      completed: 0,
      created_at: touchedAt,
      updated_at: touchedAt,
      due_date: '2026-12-01',
      remind_at: null,
      recurrence: 'FREQ=DAILY',
      series_id: series,
      followed: 0,
    }));
    for (let i = 0; i < staged.length; i += 500)
      await db
        .insertInto('import_rows')
        .values(staged.slice(i, i + 500))
        .execute();
    return series;
  }

  it('deletes abandoned batches, their staged rows and the series of the unfinished ones only', async () => {
    const db = database.handle.db;
    const owner = await createUser(db, {
      email: 'crash@example.com',
      username: 'crash',
      passwordHash: 'x',
    });
    const crashed = await batch('crashed', owner.id, minutesAgo(6), 0);
    const moved = await batch('moved', owner.id, minutesAgo(6), 1);
    const running = await batch('running', owner.id, minutesAgo(1), 0);

    expect(await deleteAbandonedImports(db, now)).toBe(2);

    const batches = await db.selectFrom('import_batches').select('id').execute();
    expect(batches.map((row) => row.id)).toEqual(['running']);
    const staged = await db
      .selectFrom('import_rows')
      .select(['batch_id'])
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .groupBy('batch_id')
      .execute();
    expect(staged.map((row) => [row.batch_id, Number(row.n)])).toEqual([['running', 1200]]);
    const series = await db
      .selectFrom('todo_series')
      .select('id')
      .where('owner_id', '=', owner.id)
      .execute();
    expect(series.map((row) => row.id).sort()).toEqual([moved, running].sort());
    expect(series.map((row) => row.id)).not.toContain(crashed);
  });
});
