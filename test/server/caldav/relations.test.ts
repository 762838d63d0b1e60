/** @jest-environment node */
import { call, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { dav, davUser, vtodo, type DavUser } from './support';

interface ApiTodo {
  id: number;
  attributes: {
    title: string;
    completed: boolean;
    dueDate: string | null;
    recurrence: string | null;
    parent?: { data: { id: number } | null };
  };
}

describeEachDialect('CalDAV RRULE ↔ repeat and RELATED-TO ↔ parent', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  let bob: DavUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await davUser(t.app);
    bob = await davUser(t.app);
  });
  afterAll(() => t.close());

  const inbox = (user: DavUser, name: string) => `/dav/calendars/${user.username}/inbox/${name}`;
  const put = (user: DavUser, name: string, text: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: inbox(user, name),
      payload: text,
      headers: { authorization: user.basic, 'content-type': 'text/calendar', ...headers },
    });
  const todos = async (user: DavUser = ada): Promise<ApiTodo[]> =>
    (
      await call(t.app, user.session, {
        method: 'GET',
        url: '/api/todos?populate=parent&pagination[pageSize]=100',
      })
    ).json().data;
  const titled = async (title: string, user: DavUser = ada) =>
    (await todos(user)).filter((todo) => todo.attributes.title === title);

  it('makes a rule inside the subset the todo’s repeat, and completing it makes the next occurrence', async () => {
    const lines = ['SUMMARY:Water plants', 'DUE;VALUE=DATE:20261207', 'RRULE:FREQ=WEEKLY;BYDAY=MO'];
    expect((await put(ada, 'water.ics', vtodo('water', lines))).statusCode).toBe(201);
    const [water] = await titled('Water plants');
    expect(water!.attributes).toMatchObject({
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      dueDate: '2026-12-07',
    });

    const got = await dav(t.app, ada, 'GET', inbox(ada, 'water.ics'));
    expect(got.body).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO');
    const done = got.body.replace('END:VTODO', 'STATUS:COMPLETED\r\nEND:VTODO');
    const completed = await put(ada, 'water.ics', done, { 'if-match': got.headers.etag as string });
    expect(completed.statusCode).toBe(204);
    const occurrences = await titled('Water plants');
    expect(occurrences.map((todo) => [todo.attributes.dueDate, todo.attributes.completed])).toEqual(
      [
        ['2026-12-07', true],
        ['2026-12-14', false],
      ],
    );
    const next = await dav(t.app, ada, 'GET', inbox(ada, `todo-${occurrences[1]!.id}.ics`));
    expect(next.body).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(next.body).toContain('DUE;VALUE=DATE:20261214');
  });

  it('sends a repeat made in the app as RRULE on its due date; completing it over CalDAV makes the next', async () => {
    const made = await call(t.app, ada.session, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'Pay rent', dueDate: '2026-12-01', recurrence: 'FREQ=MONTHLY' } },
    });
    const url = inbox(ada, `todo-${made.json().data.id as number}.ics`);
    const got = await dav(t.app, ada, 'GET', url);
    expect(got.body).toContain('RRULE:FREQ=MONTHLY');
    expect(got.body).toContain('DTSTART;VALUE=DATE:20261201');
    const done = got.body.replace('STATUS:NEEDS-ACTION', 'STATUS:COMPLETED');
    expect((await put(ada, url.split('/').pop()!, done)).statusCode).toBe(204);
    const rent = await titled('Pay rent');
    expect(rent.map((todo) => [todo.attributes.dueDate, todo.attributes.completed])).toEqual([
      ['2026-12-01', true],
      ['2027-01-01', false],
    ]);
    expect(rent.every((todo) => todo.attributes.recurrence === 'FREQ=MONTHLY')).toBe(true);
  });

  it('counts a COUNT down on each later occurrence, so the series ends after COUNT in all on both sides', async () => {
    const lines = ['SUMMARY:Take pills', 'DUE;VALUE=DATE:20261201', 'RRULE:FREQ=DAILY;COUNT=3'];
    expect((await put(ada, 'pills.ics', vtodo('pills', lines))).statusCode).toBe(201);
    // Each occurrence is completed the way a client does: GET, STATUS:COMPLETED, PUT with If-Match.
    const rules: string[] = [];
    for (let name = 'pills.ics', round = 0; round < 3; round += 1) {
      const got = await dav(t.app, ada, 'GET', inbox(ada, name));
      rules.push(/RRULE:([^\r\n]+)/.exec(got.body)![1]!);
      const done = got.body
        .replace(/STATUS:NEEDS-ACTION\r\n/, '')
        .replace('END:VTODO', 'STATUS:COMPLETED\r\nEND:VTODO');
      const completed = await put(ada, name, done, { 'if-match': got.headers.etag as string });
      expect(completed.statusCode).toBe(204);
      const open = (await titled('Take pills')).filter((todo) => !todo.attributes.completed);
      if (open.length > 0) name = `todo-${open[0]!.id}.ics`;
    }
    expect(rules.map((rule) => /COUNT=(\d+)/.exec(rule)?.[1])).toEqual(['3', '2', '1']);
    const pills = await titled('Take pills');
    expect(pills.map((todo) => [todo.attributes.dueDate, todo.attributes.completed])).toEqual([
      ['2026-12-01', true],
      ['2026-12-02', true],
      ['2026-12-03', true],
    ]);
    // The app's repeat is the series' rule throughout: what the client sent back changed nothing.
    expect(pills.every((todo) => todo.attributes.recurrence === 'FREQ=DAILY;COUNT=3')).toBe(true);
  });

  it('takes a DUE moved on by a client that completes a repeat its own way as the new due date, losing nothing', async () => {
    // Tasks.org and Apple Reminders complete a repeating task by moving its DUE on, still open.
    const lines = ['SUMMARY:Stretch', 'DUE;VALUE=DATE:20261207', 'RRULE:FREQ=WEEKLY'];
    expect((await put(ada, 'stretch.ics', vtodo('stretch', lines))).statusCode).toBe(201);
    const got = await dav(t.app, ada, 'GET', inbox(ada, 'stretch.ics'));
    const moved = got.body.replace(/20261207/g, '20261214');
    const answer = await put(ada, 'stretch.ics', moved, { 'if-match': got.headers.etag as string });
    expect(answer.statusCode).toBe(204);
    const stretch = await titled('Stretch');
    expect(stretch.map((todo) => todo.attributes)).toEqual([
      expect.objectContaining({
        dueDate: '2026-12-14',
        completed: false,
        recurrence: 'FREQ=WEEKLY',
      }),
    ]);
    const after = await dav(t.app, ada, 'GET', inbox(ada, 'stretch.ics'));
    expect(after.body).toContain('DUE;VALUE=DATE:20261214');
    expect(after.body).toContain('RRULE:FREQ=WEEKLY');
  });

  it('keeps a rule outside the subset verbatim, with no repeat in the app, and sends the app’s repeat as RRULE', async () => {
    const rule = 'RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=5';
    const lines = ['SUMMARY:Book club', 'DUE;VALUE=DATE:20261208', rule];
    expect((await put(ada, 'club.ics', vtodo('club', lines))).statusCode).toBe(201);
    const [club] = await titled('Book club');
    expect(club!.attributes.recurrence).toBeNull();
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${club!.id}`,
      payload: { data: { title: 'Book club night' } },
    });
    const kept = await dav(t.app, ada, 'GET', inbox(ada, 'club.ics'));
    expect(kept.body).toContain(rule);
    expect(kept.body).toContain('SUMMARY:Book club night');

    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${club!.id}`,
      payload: { data: { recurrence: 'FREQ=DAILY;INTERVAL=2' } },
    });
    const replaced = await dav(t.app, ada, 'GET', inbox(ada, 'club.ics'));
    expect(replaced.body).toContain('RRULE:FREQ=DAILY;INTERVAL=2');
    expect(replaced.body).not.toContain('BYDAY=2TU');
  });

  it('leaves RRULE and RELATED-TO of a text stored before they were mapped as sent, until the app sets its own', async () => {
    const lines = ['SUMMARY:Old one', 'DUE;VALUE=DATE:20261210'];
    expect((await put(ada, 'old.ics', vtodo('old', lines))).statusCode).toBe(201);
    const [old] = await titled('Old one');
    // As an older server kept it: the client's rule and relation, never read (mapping 0).
    const text = vtodo('old', [...lines, 'RRULE:FREQ=DAILY', 'RELATED-TO:elsewhere']);
    await t.database.handle.db
      .updateTable('caldav_objects')
      .set({ ical: text, mapping: 0 })
      .where('todo_id', '=', old!.id)
      .execute();
    const kept = (await dav(t.app, ada, 'GET', inbox(ada, 'old.ics'))).body;
    expect(kept).toContain('RRULE:FREQ=DAILY');
    expect(kept).toContain('RELATED-TO:elsewhere');
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${old!.id}`,
      payload: { data: { recurrence: 'FREQ=WEEKLY' } },
    });
    const replaced = (await dav(t.app, ada, 'GET', inbox(ada, 'old.ics'))).body;
    expect(replaced).toContain('RRULE:FREQ=WEEKLY');
    expect(replaced).not.toContain('FREQ=DAILY');
    expect(replaced).toContain('RELATED-TO:elsewhere');
  });

  it('maps RELATED-TO;RELTYPE=PARENT to the parent by UID, both ways', async () => {
    expect((await put(ada, 'trip.ics', vtodo('trip', ['SUMMARY:Trip']))).statusCode).toBe(201);
    const child = vtodo('pack', ['SUMMARY:Pack', 'RELATED-TO;RELTYPE=PARENT:trip']);
    expect((await put(ada, 'pack.ics', child)).statusCode).toBe(201);
    const [trip] = await titled('Trip');
    const [pack] = await titled('Pack');
    expect(pack!.attributes.parent!.data!.id).toBe(trip!.id);

    // A subtask made in the app names its parent's UID; one of an app-made parent, the app's UID.
    const made = await call(t.app, ada.session, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'Tickets', parent: pack!.id } },
    });
    const tickets = made.json().data.id as number;
    const under = await dav(t.app, ada, 'GET', inbox(ada, `todo-${tickets}.ics`));
    expect(under.body).toContain('RELATED-TO:pack');

    // Dropping the relation in the client makes it a root again.
    const root = (await dav(t.app, ada, 'GET', inbox(ada, 'pack.ics'))).body.replace(
      /RELATED-TO;RELTYPE=PARENT:trip\r\n/,
      '',
    );
    expect((await put(ada, 'pack.ics', root)).statusCode).toBe(204);
    expect((await titled('Pack'))[0]!.attributes.parent!.data).toBeNull();
  });

  it('refuses a cycle or too deep a tree with a 4xx, linking nothing; another user’s UID is one never sent', async () => {
    expect((await put(bob, 'secret.ics', vtodo('secret', ['SUMMARY:Bob’s']))).statusCode).toBe(201);
    const foreign = await put(ada, 'x.ics', vtodo('x', ['SUMMARY:X', 'RELATED-TO:secret']));
    expect(foreign.statusCode).toBe(201);
    expect((await titled('X'))[0]!.attributes.parent!.data).toBeNull();
    expect((await dav(t.app, ada, 'GET', inbox(ada, 'x.ics'))).body).toContain('RELATED-TO:secret');
    // Bob sending more under that UID changes nothing of Ada's.
    expect(
      (await put(bob, 'kid.ics', vtodo('kid', ['SUMMARY:Kid', 'RELATED-TO:x']))).statusCode,
    ).toBe(201);
    expect((await titled('Kid', bob))[0]!.attributes.parent!.data).toBeNull();
    expect((await titled('X'))[0]!.attributes.parent!.data).toBeNull();

    // pack is under nothing now; trip ← pack ← tickets: making trip a child of tickets is a cycle.
    expect(
      (await put(ada, 'pack.ics', vtodo('pack', ['SUMMARY:Pack', 'RELATED-TO:trip']))).statusCode,
    ).toBe(204);
    const cycle = await put(ada, 'trip.ics', vtodo('trip', ['SUMMARY:Trip', 'RELATED-TO:pack']));
    expect(cycle.statusCode).toBe(400);
    const [tickets] = await titled('Tickets');
    const ticketsUid = (
      await dav(t.app, ada, 'GET', inbox(ada, `todo-${tickets!.id}.ics`))
    ).body.match(/UID:(.+)\r\n/)![1]!;
    const tooDeep = await put(
      ada,
      'deep.ics',
      vtodo('deep', ['SUMMARY:Deep', `RELATED-TO:${ticketsUid}`]),
    );
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.body).toContain('3 levels');
    expect(await titled('Deep')).toEqual([]);
    expect((await titled('Trip'))[0]!.attributes.parent!.data).toBeNull();
  });

  it('keeps a child sent before its parent as a root with its RELATED-TO, and puts it under the parent once that comes', async () => {
    const child = vtodo('early-child', ['SUMMARY:Early child', 'RELATED-TO;RELTYPE=PARENT:late']);
    expect((await put(ada, 'early-child.ics', child)).statusCode).toBe(201);
    expect((await titled('Early child'))[0]!.attributes.parent!.data).toBeNull();
    const waiting = await dav(t.app, ada, 'GET', inbox(ada, 'early-child.ics'));
    expect(waiting.body).toContain('RELATED-TO;RELTYPE=PARENT:late');
    // An edit in the app keeps the relation it cannot apply yet.
    const [early] = await titled('Early child');
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${early!.id}`,
      payload: { data: { title: 'Early child renamed' } },
    });
    const renamed = await dav(t.app, ada, 'GET', inbox(ada, 'early-child.ics'));
    expect(renamed.body).toContain('RELATED-TO;RELTYPE=PARENT:late');
    expect(renamed.body).toContain('SUMMARY:Early child renamed');

    expect((await put(ada, 'late.ics', vtodo('late', ['SUMMARY:Late parent']))).statusCode).toBe(
      201,
    );
    const [late] = await titled('Late parent');
    expect((await titled('Early child renamed'))[0]!.attributes.parent!.data!.id).toBe(late!.id);
    const adopted = await dav(t.app, ada, 'GET', inbox(ada, 'early-child.ics'));
    expect(adopted.headers.etag).not.toBe(renamed.headers.etag);
    expect(adopted.body).toContain('RELATED-TO;RELTYPE=PARENT:late');
  });

  it('keeps a child whose parent is in another calendar there, as a root with its RELATED-TO, until the parent is moved in and sent', async () => {
    const project = await call(t.app, ada.session, {
      method: 'POST',
      url: '/api/projects',
      payload: { data: { name: 'Garden' } },
    });
    const garden = `/dav/calendars/${ada.username}/project-${project.json().data.id}/`;
    const putIn = (url: string, text: string) =>
      t.app.inject({
        method: 'PUT',
        url,
        payload: text,
        headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
      });
    expect((await putIn(`${garden}hedge.ics`, vtodo('hedge', ['SUMMARY:Hedge']))).statusCode).toBe(
      201,
    );
    const cut = vtodo('cut', ['SUMMARY:Cut it', 'RELATED-TO:hedge']);
    expect((await put(ada, 'cut.ics', cut)).statusCode).toBe(201);
    expect((await titled('Cut it'))[0]!.attributes.parent!.data).toBeNull();
    expect((await dav(t.app, ada, 'GET', inbox(ada, 'cut.ics'))).body).toContain(
      'RELATED-TO:hedge',
    );

    // Moved into the Inbox in the app, the parent takes the waiting child when a client next sends it.
    const [hedge] = await titled('Hedge');
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${hedge!.id}`,
      payload: { data: { project: null } },
    });
    const sent = await put(ada, 'hedge.ics', vtodo('hedge', ['SUMMARY:Hedge, trimmed']));
    expect(sent.statusCode).toBe(204);
    expect((await titled('Cut it'))[0]!.attributes.parent!.data!.id).toBe(hedge!.id);
    expect((await dav(t.app, ada, 'GET', inbox(ada, 'cut.ics'))).body).toContain(
      'RELATED-TO:hedge',
    );
  });
});
