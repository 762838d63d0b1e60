/** @jest-environment node */
import { call, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { dav, davUser, vtodo, type DavUser } from './support';

const BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:STANDARD',
  'DTSTART:19701025T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

describeEachDialect('CalDAV alarms and reminders', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  let inbox: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await davUser(t.app);
    inbox = `/dav/calendars/${ada.username}/inbox/`;
  });
  afterAll(() => t.close());

  const put = (name: string, body: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${inbox}${name}`,
      payload: body,
      headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
    });
  const todoTitled = async (title: string) =>
    (await call(t.app, ada.session, { method: 'GET', url: '/api/todos?pagination[pageSize]=100' }))
      .json()
      .data.find((todo: { attributes: { title: string } }) => todo.attributes.title === title);

  it('reads an absolute alarm, and one relative to a DUE in its VTIMEZONE', async () => {
    await put(
      'abs.ics',
      vtodo('abs', [
        'SUMMARY:Absolute',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'TRIGGER;VALUE=DATE-TIME:20261205T070000Z',
        'END:VALARM',
      ]),
    );
    expect((await todoTitled('Absolute')).attributes.remindAt).toBe('2026-12-05T07:00:00.000Z');
    const relative = vtodo('rel', [
      'SUMMARY:Relative',
      'DUE;TZID=Europe/Berlin:20261205T090000',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER;RELATED=END:-PT15M',
      'END:VALARM',
    ]).replace('BEGIN:VTODO', [...BERLIN, 'BEGIN:VTODO'].join('\r\n'));
    expect((await put('rel.ics', relative)).statusCode).toBe(201);
    // 09:00 in Berlin in December is 08:00 UTC; fifteen minutes before.
    expect((await todoTitled('Relative')).attributes.remindAt).toBe('2026-12-05T07:45:00.000Z');
    const got = await dav(t.app, ada, 'GET', `${inbox}rel.ics`);
    expect(got.body).toContain('TRIGGER;RELATED=END:-PT15M');
  });

  it('writes a reminder set or moved in the app as the alarm, and removes it when cleared', async () => {
    await put('app.ics', vtodo('app', ['SUMMARY:Snoozed in the app']));
    const todo = await todoTitled('Snoozed in the app');
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${todo.id}`,
      payload: { data: { remindAt: '2026-12-24T17:30:00.000Z' } },
    });
    const withAlarm = await dav(t.app, ada, 'GET', `${inbox}app.ics`);
    expect(withAlarm.body).toContain('BEGIN:VALARM');
    expect(withAlarm.body).toContain('TRIGGER;VALUE=DATE-TIME:20261224T173000Z');
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${todo.id}`,
      payload: { data: { remindAt: null } },
    });
    expect((await dav(t.app, ada, 'GET', `${inbox}app.ics`)).body).not.toContain('VALARM');
  });
});
