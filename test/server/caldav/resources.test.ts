/** @jest-environment node */
import { call, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { dav, davUser, vtodo, type DavUser } from './support';

const CALENDAR = { 'content-type': 'text/calendar; charset=utf-8' };

describeEachDialect('CalDAV resources', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  let inbox: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_TODOS_PER_USER: '5' });
    ada = await davUser(t.app);
    inbox = `/dav/calendars/${ada.username}/inbox/`;
  });
  afterAll(() => t.close());

  const put = (user: DavUser, url: string, body: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url,
      payload: body,
      headers: { authorization: user.basic, ...CALENDAR, ...headers },
    });
  const todos = async (user: DavUser) =>
    (await call(t.app, user.session, { method: 'GET', url: '/api/todos' })).json().data;

  it('creates a todo from a VTODO, maps its fields and gives back what it does not model', async () => {
    const body = vtodo('apple-1', [
      'SUMMARY:Buy milk\\, eggs',
      'DESCRIPTION:Two litres',
      'DUE;TZID=Europe/Berlin:20261205T090000',
      'PRIORITY:2',
      'X-APPLE-SORT-ORDER:42',
      'GEO:52.52;13.40',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT15M',
      'END:VALARM',
    ]);
    const created = await t.app.inject({
      method: 'PUT',
      url: `${inbox}apple-1.ics`,
      payload: body,
      headers: { authorization: ada.basic, 'if-none-match': '*', ...CALENDAR },
    });
    expect(created.statusCode).toBe(201);
    const etag = created.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const [todo] = await todos(ada);
    expect(todo.attributes).toMatchObject({
      title: 'Buy milk, eggs',
      description: 'Two litres',
      completed: false,
      dueDate: '2026-12-05',
      priority: 3,
    });
    const got = await dav(t.app, ada, 'GET', `${inbox}apple-1.ics`);
    // ical.js writes a typed value canonically: GEO's 13.40 comes back as 13.4, the same number.
    expect(got.statusCode).toBe(200);
    expect(got.headers.etag).toBe(etag);
    expect(got.headers['content-type']).toMatch(/^text\/calendar/);
    for (const line of [
      'UID:apple-1',
      'X-APPLE-SORT-ORDER:42',
      'GEO:52.52;13.4',
      'TRIGGER:-PT15M',
      'DUE;TZID=Europe/Berlin:20261205T090000',
      'PRIORITY:2',
    ])
      expect(got.body).toContain(line);

    // An edit in the app rewrites only what it changed.
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${todo.id}`,
      payload: { data: { completed: true, priority: 1 } },
    });
    const after = await dav(t.app, ada, 'GET', `${inbox}apple-1.ics`);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).toContain('STATUS:COMPLETED');
    expect(after.body).toContain('PRIORITY:9');
    expect(after.body).toContain('X-APPLE-SORT-ORDER:42');
    expect(after.body).toContain('DUE;TZID=Europe/Berlin:20261205T090000');
  });

  it('replaces with If-Match, and answers 412 to a stale ETag or If-None-Match: * on an existing one', async () => {
    const url = `${inbox}race.ics`;
    const first = await put(ada, url, vtodo('race', ['SUMMARY:One']));
    expect(first.statusCode).toBe(201);
    const etag = first.headers.etag as string;
    const second = await put(ada, url, vtodo('race', ['SUMMARY:Two']), { 'if-match': etag });
    expect(second.statusCode).toBe(204);
    const stale = await put(ada, url, vtodo('race', ['SUMMARY:Three']), { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    const again = await put(ada, url, vtodo('race', ['SUMMARY:Four']), { 'if-none-match': '*' });
    expect(again.statusCode).toBe(412);
    const titles = (await todos(ada)).map(
      (todo: { attributes: { title: string } }) => todo.attributes.title,
    );
    expect(titles).toContain('Two');
    expect(titles).not.toContain('Three');
    const deleteStale = await dav(t.app, ada, 'DELETE', url, undefined, { 'if-match': etag });
    expect(deleteStale.statusCode).toBe(412);
    const removed = await dav(t.app, ada, 'DELETE', url, undefined, {
      'if-match': second.headers.etag as string,
    });
    expect(removed.statusCode).toBe(204);
    expect((await dav(t.app, ada, 'GET', url)).statusCode).toBe(404);
    const trash = await call(t.app, ada.session, { method: 'GET', url: '/api/todos/trash' });
    expect(
      trash.json().data.map((todo: { attributes: { title: string } }) => todo.attributes.title),
    ).toContain('Two');
  });

  it('serves todos made in the app under todo-<id>.ics with the feed’s UID', async () => {
    const bob = await davUser(t.app);
    const made = await call(t.app, bob.session, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'From the app', dueDate: '2026-12-24', priority: 2 } },
    });
    const id = made.json().data.id;
    const got = await dav(t.app, bob, 'GET', `/dav/calendars/${bob.username}/inbox/todo-${id}.ics`);
    expect(got.statusCode).toBe(200);
    expect(got.body).toMatch(new RegExp(`UID:todo-${id}@`));
    expect(got.body).toContain('DUE;VALUE=DATE:20261224');
    expect(got.body).toContain('PRIORITY:5');
    expect(got.body).toContain('STATUS:NEEDS-ACTION');
    // Someone else's todo is the same 404 as a missing one.
    const foreign = await dav(
      t.app,
      ada,
      'GET',
      `/dav/calendars/${ada.username}/inbox/todo-${id}.ics`,
    );
    expect(foreign.statusCode).toBe(404);
    const overwrite = await put(
      ada,
      `/dav/calendars/${ada.username}/inbox/todo-${id}.ics`,
      vtodo('x', ['SUMMARY:Mine']),
      { 'if-match': got.headers.etag as string },
    );
    expect(overwrite.statusCode).toBe(412);
  });

  it('refuses a VEVENT, a missing UID, a UID in use and garbage with 4xx; keeps MAX_TODOS_PER_USER', async () => {
    const carl = await davUser(t.app);
    const home = `/dav/calendars/${carl.username}/inbox/`;
    const event =
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:e\r\nDTSTART:20261201T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    const refused = await put(carl, `${home}e.ics`, event);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('supported-calendar-component');
    expect((await put(carl, `${home}g.ics`, 'not a calendar')).statusCode).toBe(403);
    expect(
      (await put(carl, `${home}n.ics`, vtodo('', ['SUMMARY:x']).replace('UID:\r\n', '')))
        .statusCode,
    ).toBe(403);
    // Two todos in one resource: the second would be lost, so neither is taken.
    const two = vtodo('one', ['SUMMARY:one']).replace(
      'END:VCALENDAR',
      'BEGIN:VTODO\r\nUID:two\r\nSUMMARY:two\r\nEND:VTODO\r\nEND:VCALENDAR',
    );
    const twoRefused = await put(carl, `${home}two.ics`, two);
    expect(twoRefused.statusCode).toBe(403);
    expect(twoRefused.body).toContain('valid-calendar-object-resource');
    expect((await put(carl, `${home}a.ics`, vtodo('same', ['SUMMARY:a']))).statusCode).toBe(201);
    const conflict = await put(carl, `${home}b.ics`, vtodo('same', ['SUMMARY:b']));
    expect(conflict.statusCode).toBe(403);
    expect(conflict.body).toContain('no-uid-conflict');
    for (const n of [1, 2, 3, 4])
      expect((await put(carl, `${home}m${n}.ics`, vtodo(`m${n}`, ['SUMMARY:m']))).statusCode).toBe(
        201,
      );
    expect((await put(carl, `${home}m5.ics`, vtodo('m5', ['SUMMARY:m']))).statusCode).toBe(507);
  });

  it('moves a todo to the project whose calendar it is put in, and reads completion and priority', async () => {
    const dora = await davUser(t.app);
    const project = await call(t.app, dora.session, {
      method: 'POST',
      url: '/api/projects',
      payload: { data: { name: 'Work' } },
    });
    const projectId = project.json().data.id;
    const url = `/dav/calendars/${dora.username}/project-${projectId}/w.ics`;
    expect(
      (
        await put(
          dora,
          url,
          vtodo('w', [
            'SUMMARY:Report',
            'STATUS:COMPLETED',
            'COMPLETED:20261120T100000Z',
            'PRIORITY:7',
          ]),
        )
      ).statusCode,
    ).toBe(201);
    const [todo] = await todos(dora);
    expect(todo.attributes).toMatchObject({ title: 'Report', completed: true, priority: 1 });
    const populated = await call(t.app, dora.session, {
      method: 'GET',
      url: `/api/todos/${todo.id}?populate=*`,
    });
    expect(populated.json().data.attributes.project.data.id).toBe(projectId);
    expect(
      (await dav(t.app, dora, 'GET', `/dav/calendars/${dora.username}/inbox/w.ics`)).statusCode,
    ).toBe(404);
  });
});
