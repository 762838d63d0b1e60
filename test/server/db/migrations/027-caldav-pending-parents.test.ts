/**
 * @jest-environment node
 *
 * Migration 027 goes down and up again over a database with CalDAV data: the clients' texts and
 * todos stay, and a child sent before its parent waits for it again.
 */
import { down, up } from '../../../../src/server/db/migrations/027-caldav-pending-parents';
import { call, createTestApp, describeEachDialect, type TestApp } from '../../support/app';
import { davUser, vtodo, type DavUser } from '../../caldav/support';

describeEachDialect('migration 027 (CalDAV pending parents)', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await davUser(t.app);
  });
  afterAll(() => t?.close());

  const put = (name: string, text: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/dav/calendars/${ada.username}/inbox/${name}`,
      payload: text,
      headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
    });
  const parentOf = async (title: string) => {
    const todos = (
      await call(t.app, ada.session, { method: 'GET', url: '/api/todos?populate=parent' })
    ).json().data as { attributes: { title: string; parent: { data: { id: number } | null } } }[];
    return todos.find((todo) => todo.attributes.title === title)?.attributes.parent.data;
  };

  it('goes down and up again keeping the texts, and a child sent first waits for its parent again', async () => {
    expect((await put('kept.ics', vtodo('kept', ['SUMMARY:Kept']))).statusCode).toBe(201);
    const { db } = t.database.handle;
    await down(db);
    await up(db);
    const rows = await db.selectFrom('caldav_objects').select(['uid', 'pending_parent']).execute();
    expect(rows).toEqual([{ uid: 'kept', pending_parent: null }]);
    expect((await put('kid.ics', vtodo('kid', ['SUMMARY:Kid', 'RELATED-TO:mum']))).statusCode).toBe(
      201,
    );
    expect(await parentOf('Kid')).toBeNull();
    expect((await put('mum.ics', vtodo('mum', ['SUMMARY:Mum']))).statusCode).toBe(201);
    expect(await parentOf('Kid')).toMatchObject({ attributes: { title: 'Mum' } });
  });
});
