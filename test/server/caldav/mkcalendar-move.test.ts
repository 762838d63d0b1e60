/** @jest-environment node */
import { call, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { dav, davUser, propfindBody, vtodo, type DavUser } from './support';

const MKCALENDAR = (name: string, components = '<c:comp name="VTODO"/>') =>
  `<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:ic="http://apple.com/ns/ical/"><d:set><d:prop><d:displayname>${name}</d:displayname><ic:calendar-color>#FF8800FF</ic:calendar-color><c:supported-calendar-component-set>${components}</c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>`;

describeEachDialect('CalDAV MKCALENDAR and MOVE', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  let home: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await davUser(t.app);
    home = `/dav/calendars/${ada.username}/`;
  });
  afterAll(() => t.close());

  const projects = async () =>
    (await call(t.app, ada.session, { method: 'GET', url: '/api/projects' })).json().data;

  it('MKCALENDAR makes a project whose calendar stays at the path the client chose', async () => {
    const made = await dav(t.app, ada, 'MKCALENDAR', `${home}A1B2-work/`, MKCALENDAR('Work'));
    expect(made.statusCode).toBe(201);
    const [work] = await projects();
    expect(work.attributes).toMatchObject({ name: 'Work', color: '#ff8800' });
    const listed = await dav(t.app, ada, 'PROPFIND', home, propfindBody('<d:displayname/>'), {
      depth: '1',
    });
    expect(listed.body).toContain(`<d:href>${home}A1B2-work/</d:href>`);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${home}A1B2-work/report.ics`,
      payload: vtodo('report', ['SUMMARY:Write the report']),
      headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
    });
    expect(put.statusCode).toBe(201);
    const todo = (
      await call(t.app, ada.session, { method: 'GET', url: '/api/todos?populate=*' })
    ).json().data[0];
    expect(todo.attributes.project.data.id).toBe(work.id);
    // The same path again, the Inbox's, or a calendar for events only: refused.
    expect(
      (await dav(t.app, ada, 'MKCALENDAR', `${home}A1B2-work/`, MKCALENDAR('Again'))).statusCode,
    ).toBe(403);
    expect((await dav(t.app, ada, 'MKCALENDAR', `${home}inbox/`)).statusCode).toBe(403);
    const events = await dav(
      t.app,
      ada,
      'MKCALENDAR',
      `${home}events/`,
      MKCALENDAR('Events', '<c:comp name="VEVENT"/>'),
    );
    expect(events.statusCode).toBe(403);
    expect(events.body).toContain('supported-calendar-component');
    expect(
      (await dav(t.app, ada, 'MKCALENDAR', `${home}dup/`, MKCALENDAR('work'))).statusCode,
    ).toBe(409);
    expect(await projects()).toHaveLength(1);
  });

  it('MKCALENDAR at the path of a calendar its client deleted makes a new one there', async () => {
    const path = `${home}groceries/`;
    expect((await dav(t.app, ada, 'MKCALENDAR', path, MKCALENDAR('Groceries'))).statusCode).toBe(
      201,
    );
    expect((await dav(t.app, ada, 'DELETE', path)).statusCode).toBe(204);
    const again = await dav(t.app, ada, 'MKCALENDAR', path, MKCALENDAR('Shopping'));
    expect(again.statusCode).toBe(201);
    const listed = await dav(t.app, ada, 'PROPFIND', path, propfindBody('<d:displayname/>'), {
      depth: '0',
    });
    expect(listed.statusCode).toBe(207);
    expect(listed.body).toContain('<d:displayname>Shopping</d:displayname>');
    const trashed = (
      await call(t.app, ada.session, { method: 'GET', url: '/api/projects/trash' })
    ).json().data;
    expect(
      trashed.map((project: { attributes: { name: string } }) => project.attributes.name),
    ).toContain('Groceries');
  });

  it('MOVE moves a todo to another calendar’s project, keeping the todo', async () => {
    await dav(t.app, ada, 'MKCALENDAR', `${home}home-stuff/`, MKCALENDAR('Home'));
    const source = `${home}inbox/lamp.ics`;
    await t.app.inject({
      method: 'PUT',
      url: source,
      payload: vtodo('lamp', ['SUMMARY:Fix the lamp', 'X-KEEP:yes']),
      headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
    });
    const before = (
      await call(t.app, ada.session, {
        method: 'GET',
        url: '/api/todos?filters[title][$contains]=lamp',
      })
    ).json().data[0];
    const moved = await dav(t.app, ada, 'MOVE', source, undefined, {
      destination: `http://localhost${home}home-stuff/lamp.ics`,
    });
    expect(moved.statusCode).toBe(201);
    expect((await dav(t.app, ada, 'GET', source)).statusCode).toBe(404);
    const there = await dav(t.app, ada, 'GET', `${home}home-stuff/lamp.ics`);
    expect(there.statusCode).toBe(200);
    expect(there.body).toContain('X-KEEP:yes');
    const after = (
      await call(t.app, ada.session, { method: 'GET', url: `/api/todos/${before.id}?populate=*` })
    ).json().data;
    expect(after.attributes.project.data.attributes.name).toBe('Home');
    expect(after.attributes.createdAt).toBe(before.attributes.createdAt);

    // Onto an existing todo with Overwrite: F is 412; into a missing calendar 409; elsewhere 403.
    await t.app.inject({
      method: 'PUT',
      url: `${home}inbox/other.ics`,
      payload: vtodo('other', ['SUMMARY:Other']),
      headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
    });
    const refused = await dav(t.app, ada, 'MOVE', `${home}inbox/other.ics`, undefined, {
      destination: `${home}home-stuff/lamp.ics`,
      overwrite: 'F',
    });
    expect(refused.statusCode).toBe(412);
    const missing = await dav(t.app, ada, 'MOVE', `${home}inbox/other.ics`, undefined, {
      destination: `${home}nowhere/other.ics`,
    });
    expect(missing.statusCode).toBe(409);
    const bob = await davUser(t.app);
    const foreign = await dav(t.app, ada, 'MOVE', `${home}inbox/other.ics`, undefined, {
      destination: `/dav/calendars/${bob.username}/inbox/other.ics`,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('PROPPATCH renames and recolours a project’s calendar, all or nothing; DELETE trashes it', async () => {
    await dav(t.app, ada, 'MKCALENDAR', `${home}garden/`, MKCALENDAR('Garden'));
    const patch = (props: string) =>
      `<d:propertyupdate xmlns:d="DAV:" xmlns:ic="http://apple.com/ns/ical/" xmlns:x="urn:x"><d:set><d:prop>${props}</d:prop></d:set></d:propertyupdate>`;
    const renamed = await dav(
      t.app,
      ada,
      'PROPPATCH',
      `${home}garden/`,
      patch(
        '<d:displayname>Allotment</d:displayname><ic:calendar-color>#11AA22FF</ic:calendar-color>',
      ),
    );
    expect(renamed.statusCode).toBe(207);
    expect(renamed.body).toContain('200 OK');
    const garden = (await projects()).find(
      (p: { attributes: { name: string } }) => p.attributes.name === 'Allotment',
    );
    expect(garden.attributes.color).toBe('#11aa22');
    const mixed = await dav(
      t.app,
      ada,
      'PROPPATCH',
      `${home}garden/`,
      patch('<d:displayname>Yard</d:displayname><x:other>1</x:other>'),
    );
    expect(mixed.body).toContain('403 Forbidden');
    expect(mixed.body).toContain('424 Failed Dependency');
    expect(
      (await projects()).map((p: { attributes: { name: string } }) => p.attributes.name),
    ).toContain('Allotment');
    const inbox = await dav(
      t.app,
      ada,
      'PROPPATCH',
      `${home}inbox/`,
      patch('<d:displayname>Mine</d:displayname>'),
    );
    expect(inbox.body).toContain('403 Forbidden');

    expect((await dav(t.app, ada, 'DELETE', `${home}garden/`)).statusCode).toBe(204);
    expect(
      (await projects()).map((p: { attributes: { name: string } }) => p.attributes.name),
    ).not.toContain('Allotment');
    expect(
      (await dav(t.app, ada, 'PROPFIND', `${home}garden/`, undefined, { depth: '0' })).statusCode,
    ).toBe(404);
    expect((await dav(t.app, ada, 'DELETE', `${home}inbox/`)).statusCode).toBe(403);
  });
});
