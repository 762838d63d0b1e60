/** @jest-environment node */
import { DAV_SYNC_DAYS, pruneDavChanges } from '../../../src/server/caldav/pruning';
import { call, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { dav, davUser, vtodo, type DavUser } from './support';

const NS = 'xmlns:d="DAV:"';
const syncBody = (token: string) =>
  `<d:sync-collection ${NS}><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
const tokenOf = (body: string) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)![1]!;
const names = (body: string) =>
  [...body.matchAll(/<d:href>[^<]*\/([^/<]+)<\/d:href>/g)].map((m) => m[1]!).sort();

describeEachDialect('CalDAV change journal pruning', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  let inbox: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await davUser(t.app);
    inbox = `/dav/calendars/${ada.username}/inbox/`;
  });
  afterAll(() => t.close());

  const report = (token: string) =>
    dav(t.app, ada, 'REPORT', inbox, syncBody(token), { depth: '1' });
  const put = (name: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${inbox}${name}.ics`,
      payload: vtodo(name, [`SUMMARY:${name}`]),
      headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
    });
  const journalRows = async () =>
    (await t.database.handle.db.selectFrom('dav_changes').select('todo_id').execute()).length;

  it('forgets todos gone for a month: an older token is refused (valid-sync-token) and a full sync starts over', async () => {
    for (const name of ['a', 'b', 'c']) expect((await put(name)).statusCode).toBe(201);
    const oldToken = tokenOf((await report('')).body);
    expect((await dav(t.app, ada, 'DELETE', `${inbox}b.ics`)).statusCode).toBe(204);
    const afterDelete = await report(oldToken);
    expect(names(afterDelete.body)).toEqual(['b.ics']);
    const recent = tokenOf(afterDelete.body);
    const c = (await call(t.app, ada.session, { method: 'GET', url: '/api/todos' }))
      .json()
      .data.find((todo: { attributes: { title: string } }) => todo.attributes.title === 'c');
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${c.id}`,
      payload: { data: { title: 'c, edited' } },
    });
    const etag = (await dav(t.app, ada, 'GET', `${inbox}a.ics`)).headers.etag;

    // Housekeeping sees the removal now, and prunes it once it is older than DAV_SYNC_DAYS.
    const now = Date.now();
    expect(await pruneDavChanges(t.database.handle.db, new Date(now))).toBe(0);
    const before = await journalRows();
    const later = new Date(now + (DAV_SYNC_DAYS + 1) * 86_400_000);
    expect(await pruneDavChanges(t.database.handle.db, later)).toBe(1);
    expect(await journalRows()).toBe(before - 1);

    const stale = await report(oldToken);
    expect(stale.statusCode).toBe(403);
    expect(stale.body).toContain('valid-sync-token');
    // A token given after the pruned change still answers, and so does a full sync.
    const since = await report(recent);
    expect(since.statusCode).toBe(207);
    expect(names(since.body)).toEqual(['c.ics']);
    const full = await report('');
    expect(names(full.body)).toEqual(['a.ics', 'c.ics']);
    const fresh = tokenOf(full.body);
    expect(names((await report(fresh)).body)).toEqual([]);
    // Live todos keep their ETags; new changes still come after every token given.
    expect((await dav(t.app, ada, 'GET', `${inbox}a.ics`)).headers.etag).toBe(etag);
    expect((await put('d')).statusCode).toBe(201);
    expect(names((await report(fresh)).body)).toEqual(['d.ics']);
    expect(names((await report(recent)).body)).toEqual(['c.ics', 'd.ics']);
  });
});
