/**
 * @jest-environment node
 *
 * The calendar feed (issue 28): a secret link made with a bearer token, read without one as
 * iCalendar with a VTODO per dated todo of its owner only; a new link retires the old one.
 */
import type { Session } from '../../../src/shared/api-types';
import { createCode } from '../../../src/server/users/codes';
import { setBlocked } from '../../../src/server/users/repository';
import {
  call,
  createTestApp,
  createTodo,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

describeEachDialect('calendar feed', (dialect) => {
  let t: TestApp;
  let ann: Session;
  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://todo.example.com' });
    ann = await register(t.app, credentials('feed'));
  });
  afterAll(() => t.close());

  const makeLink = async (session: Session) => {
    const response = await call(t.app, session, {
      method: 'POST',
      url: '/api/users/me/calendar-feed',
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ url: string }>().url;
  };
  const read = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  /** The feed's VTODOs, each as its unfolded lines. */
  const vtodos = (body: string) =>
    body
      .replace(/\r\n /g, '')
      .split('BEGIN:VTODO\r\n')
      .slice(1)
      .map((block) => block.split('\r\nEND:VTODO')[0]!.split('\r\n'));

  it('has no link until one is made, then shows it; the link holds at least 128 random bits', async () => {
    const before = await call(t.app, ann, { method: 'GET', url: '/api/users/me/calendar-feed' });
    expect(before.json()).toEqual({ url: null });
    const url = await makeLink(ann);
    expect(url).toMatch(/^https:\/\/todo\.example\.com\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(
      (await call(t.app, ann, { method: 'GET', url: '/api/users/me/calendar-feed' })).json(),
    ).toEqual({ url });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/me/calendar-feed' })).statusCode,
    ).toBe(401);
  });

  it('answers text/calendar with a VTODO per dated todo: summary, description, due date, status, stable uid, rrule on open occurrences', async () => {
    const dentist = await createTodo(t.app, ann, {
      title: 'Dentist, 2nd floor; bring card',
      description: 'line one\nline two',
      dueDate: '2026-12-05',
    });
    const weekly = await createTodo(t.app, ann, {
      title: 'Water plants',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY;COUNT=3',
    });
    await call(t.app, ann, {
      method: 'PUT',
      url: `/api/todos/${weekly.id}`,
      payload: { data: { completed: true } },
    });
    await createTodo(t.app, ann, { title: 'Undated' });
    const gone = await createTodo(t.app, ann, { title: 'Trashed', dueDate: '2026-12-06' });
    await call(t.app, ann, { method: 'DELETE', url: `/api/todos/${gone.id}` });
    const long = await createTodo(t.app, ann, { title: 'L'.repeat(200), dueDate: '2026-12-08' });

    const response = await read(await makeLink(ann));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/);
    expect(response.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Folded: no line longer than 75 octets.
    expect(response.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const todos = vtodos(response.body);
    expect(todos.map((lines) => lines.find((line) => line.startsWith('SUMMARY:')))).toEqual([
      'SUMMARY:Dentist\\, 2nd floor\\; bring card',
      'SUMMARY:Water plants',
      'SUMMARY:Water plants',
      `SUMMARY:${'L'.repeat(200)}`,
    ]);
    const [first, done, next] = todos;
    expect(first).toEqual(
      expect.arrayContaining([
        `UID:todo-${dentist.id}@todo.example.com`,
        'DESCRIPTION:line one\\nline two',
        'DUE;VALUE=DATE:20261205',
        'STATUS:NEEDS-ACTION',
      ]),
    );
    expect(first!.some((line) => line.startsWith('RRULE'))).toBe(false);
    expect(done).toEqual(expect.arrayContaining(['DUE;VALUE=DATE:20261207', 'STATUS:COMPLETED']));
    expect(done!.some((line) => line.startsWith('RRULE'))).toBe(false);
    // The open occurrence repeats from its own date, with what is left of COUNT.
    expect(next).toEqual(
      expect.arrayContaining([
        'DTSTART;VALUE=DATE:20261214',
        'DUE;VALUE=DATE:20261214',
        'STATUS:NEEDS-ACTION',
        'RRULE:FREQ=WEEKLY;COUNT=2',
      ]),
    );
    expect(response.body).not.toContain('Undated');
    expect(response.body).not.toContain('Trashed');
    expect(long.id).toBeGreaterThan(0);
    // The same todo keeps its UID.
    expect(vtodos((await read(await currentLink(ann))).body)[0]).toContain(
      `UID:todo-${dentist.id}@todo.example.com`,
    );
  });

  const currentLink = async (session: Session) =>
    (await call(t.app, session, { method: 'GET', url: '/api/users/me/calendar-feed' })).json<{
      url: string;
    }>().url;

  it('starts a weekly BYDAY series on its first day on or after the date given, so DTSTART is on the rule (RFC 5545 3.8.5.3)', async () => {
    const cleo = await register(t.app, credentials('byday'));
    // 2026-12-02 is a Wednesday: the first Monday or Friday from it is the 4th.
    const gym = await createTodo(t.app, cleo, {
      title: 'Gym',
      dueDate: '2026-12-02',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,FR',
    });
    expect(gym.attributes.dueDate).toBe('2026-12-04');
    // Given its first rule by an edit, a todo moves the same way; a date on the rule stays.
    const swim = await createTodo(t.app, cleo, { title: 'Swim', dueDate: '2026-12-02' });
    const edited = await call(t.app, cleo, {
      method: 'PUT',
      url: `/api/todos/${swim.id}`,
      payload: { data: { recurrence: 'FREQ=WEEKLY;BYDAY=SA' } },
    });
    expect(edited.json().data.attributes.dueDate).toBe('2026-12-05');
    const run = await createTodo(t.app, cleo, {
      title: 'Run',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,TH',
    });
    expect(run.attributes.dueDate).toBe('2026-12-07');
    const feed = vtodos((await read(await makeLink(cleo))).body);
    expect(
      feed.map((lines) => lines.filter((line) => /^(SUMMARY|DTSTART|RRULE)/.test(line))),
    ).toEqual([
      ['SUMMARY:Gym', 'DTSTART;VALUE=DATE:20261204', 'RRULE:FREQ=WEEKLY;BYDAY=MO,FR'],
      ['SUMMARY:Swim', 'DTSTART;VALUE=DATE:20261205', 'RRULE:FREQ=WEEKLY;BYDAY=SA'],
      ['SUMMARY:Run', 'DTSTART;VALUE=DATE:20261207', 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH'],
    ]);
  });

  it('offers the same todos as all-day events at <secret>-events.ics, open ones only, for calendar apps that show no VTODOs', async () => {
    const dan = await register(t.app, credentials('events'));
    await createTodo(t.app, dan, {
      title: 'Pay rent; flat 2',
      description: 'by transfer',
      dueDate: '2026-12-31',
    });
    const done = await createTodo(t.app, dan, { title: 'Done already', dueDate: '2026-12-01' });
    await call(t.app, dan, {
      method: 'PUT',
      url: `/api/todos/${done.id}`,
      payload: { data: { completed: true } },
    });
    await createTodo(t.app, dan, {
      title: 'Standup',
      dueDate: '2026-12-07',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4',
    });
    await createTodo(t.app, dan, { title: 'No date' });
    const link = await makeLink(dan);
    const response = await read(link.replace(/\.ics$/, '-events.ics'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body).not.toContain('BEGIN:VTODO');
    const events = response.body
      .replace(/\r\n /g, '')
      .split('BEGIN:VEVENT\r\n')
      .slice(1)
      .map((block) => block.split('\r\nEND:VEVENT')[0]!.split('\r\n'));
    expect(
      events.map((lines) =>
        lines.filter((line) => /^(SUMMARY|DESCRIPTION|DTSTART|DTEND|RRULE)/.test(line)),
      ),
    ).toEqual([
      [
        'SUMMARY:Pay rent\\; flat 2',
        'DESCRIPTION:by transfer',
        'DTSTART;VALUE=DATE:20261231',
        'DTEND;VALUE=DATE:20270101',
      ],
      [
        'SUMMARY:Standup',
        'DTSTART;VALUE=DATE:20261207',
        'DTEND;VALUE=DATE:20261208',
        'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4',
      ],
    ]);
    // The events link is as secret as the other: it changes with it, and guesses are 404s.
    await makeLink(dan);
    expect((await read(link.replace(/\.ics$/, '-events.ics'))).statusCode).toBe(404);
    const guess = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/${'B'.repeat(43)}-events.ics`,
    });
    expect(guess.statusCode).toBe(404);
  });

  it('rotates: a new link works and the old one is a 404', async () => {
    const old = await makeLink(ann);
    const fresh = await makeLink(ann);
    expect(fresh).not.toBe(old);
    expect((await read(old)).statusCode).toBe(404);
    expect((await read(fresh)).statusCode).toBe(200);
  });

  describe('a password change or reset, logout-all and a block retire the link', () => {
    const NEW_PASSWORD = 'Otter#Lamp77';
    const login = async (identifier: string, password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/local',
          payload: { identifier, password },
        })
      ).json<Session>();
    const post = (session: Session | undefined, url: string, payload?: Record<string, unknown>) =>
      call(t.app, session, { method: 'POST', url, payload });
    /** Each way in, from a session and its credentials to a working session afterwards. */
    const ways: Record<
      string,
      (session: Session, body: ReturnType<typeof credentials>) => Promise<Session>
    > = {
      'logout-all': async (session, body) => {
        expect((await post(session, '/api/auth/logout-all')).statusCode).toBe(204);
        return login(body.email, body.password);
      },
      'password change': async (session, body) => {
        const changed = await post(session, '/api/auth/change-password', {
          currentPassword: body.password,
          password: NEW_PASSWORD,
          passwordConfirmation: NEW_PASSWORD,
        });
        expect(changed.statusCode).toBe(200);
        return changed.json<Session>();
      },
      'password reset': async (session) => {
        const code = await createCode(
          t.database.handle.db,
          session.user.id,
          'reset',
          60 * 60 * 1000,
        );
        const reset = await post(undefined, '/api/auth/reset-password', {
          code,
          password: NEW_PASSWORD,
          passwordConfirmation: NEW_PASSWORD,
        });
        expect(reset.statusCode).toBe(200);
        return reset.json<Session>();
      },
      'block, then unblock': async (_session, body) => {
        await setBlocked(t.database.handle.db, body.email, true);
        await setBlocked(t.database.handle.db, body.email, false);
        return login(body.email, body.password);
      },
    };

    it.each(Object.keys(ways))(
      'after a %s the old link is a 404, as an unknown one, and the profile shows none',
      async (way) => {
        const body = credentials('feedcut');
        const session = await register(t.app, body);
        await createTodo(t.app, session, { title: 'Dated', dueDate: '2026-12-05' });
        const readFrom = (url: string) =>
          t.app.inject({
            method: 'GET',
            url: new URL(url).pathname,
            remoteAddress: '198.51.100.44',
          });
        const old = await makeLink(session);
        expect((await readFrom(old)).statusCode).toBe(200);
        const after = await ways[way]!(session, body);
        const gone = await readFrom(old);
        expect([gone.statusCode, gone.json().error]).toEqual([
          404,
          expect.objectContaining({ status: 404, name: 'NotFoundError' }),
        ]);
        expect(
          (await call(t.app, after, { method: 'GET', url: '/api/users/me/calendar-feed' })).json(),
        ).toEqual({ url: null });
        const fresh = await makeLink(after);
        expect((await readFrom(fresh)).statusCode).toBe(200);
      },
    );
  });

  it('never shows another user’s todos, and an unknown or malformed secret is a 404', async () => {
    const bob = await register(t.app, credentials('feedbob'));
    await createTodo(t.app, bob, { title: 'Bob secret plan', dueDate: '2026-12-24' });
    const annFeed = await read(await makeLink(ann));
    expect(annFeed.body).not.toContain('Bob secret plan');
    const bobFeed = await read(await makeLink(bob));
    expect(bobFeed.body).toContain('Bob secret plan');
    expect(bobFeed.body).not.toContain('Dentist');
    for (const path of [
      `/api/calendar/${'A'.repeat(43)}.ics`,
      '/api/calendar/short.ics',
      '/api/calendar/x',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({ status: 404, name: 'NotFoundError' });
    }
  });

  it('limits feed reads per address (60 a minute)', async () => {
    const url = new URL(await makeLink(ann)).pathname;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push(
        (await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })).statusCode,
      );
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
