/**
 * @jest-environment node
 *
 * Migration 024 goes down and up again over a database with CalDAV data: what a client stored
 * comes back marked as stored before RRULE and RELATED-TO were mapped (mapping 0), so its rule and
 * relation are answered as sent, and sync tokens keep working.
 */
import { down, up } from '../../../../src/server/db/migrations/024-caldav-mapping-pruning';
import { call, createTestApp, describeEachDialect, type TestApp } from '../../support/app';
import { dav, davUser, vtodo, type DavUser } from '../../caldav/support';

describeEachDialect('migration 024 (CalDAV mapping and pruning)', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await davUser(t.app);
  });
  afterAll(() => t?.close());

  it('goes down and up again, keeping the client’s text, its rule as sent and the sync tokens', async () => {
    const url = `/dav/calendars/${ada.username}/inbox/kept.ics`;
    const text = vtodo('kept', ['SUMMARY:Kept', 'DUE;VALUE=DATE:20261210', 'RRULE:FREQ=DAILY']);
    const put = await t.app.inject({
      method: 'PUT',
      url,
      payload: text,
      headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
    });
    expect(put.statusCode).toBe(201);
    const { db } = t.database.handle;
    await down(db);
    await up(db);
    const rows = await db.selectFrom('caldav_objects').select(['mapping']).execute();
    expect(rows).toEqual([{ mapping: 0 }]);
    const [todo] = (await call(t.app, ada.session, { method: 'GET', url: '/api/todos' })).json()
      .data;
    // The app read the rule when it was sent; taking it away in the app leaves the client's text.
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${todo.id}`,
      payload: { data: { recurrence: null } },
    });
    expect((await dav(t.app, ada, 'GET', url)).body).toContain('RRULE:FREQ=DAILY');
    const sync = await dav(
      t.app,
      ada,
      'REPORT',
      `/dav/calendars/${ada.username}/inbox/`,
      '<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>',
      { depth: '1' },
    );
    expect(sync.statusCode).toBe(207);
    expect(sync.body).toContain('kept.ics');
  });
});
