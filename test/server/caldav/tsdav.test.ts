/**
 * @jest-environment node
 *
 * The npm CalDAV client tsdav against the BUILT server on each database: discovery from the host
 * (/.well-known/caldav), the calendars, create, a VTODO query, an update with the ETag (a stale
 * one refused), a smart sync by token that sees the app's changes, delete.
 */
import { calendarMultiGet, DAVClient, type DAVCalendar, type DAVCalendarObject } from 'tsdav';
import { dialectsUnderTest } from '../support/databases';
import { startCaldavServer, type CaldavServer } from './built-server';
import { vtodo } from './support';

jest.setTimeout(120_000);

const VTODO_FILTER = {
  'comp-filter': {
    _attributes: { name: 'VCALENDAR' },
    'comp-filter': { _attributes: { name: 'VTODO' } },
  },
};

describe.each(dialectsUnderTest())('tsdav against the built server [%s]', (dialect) => {
  let running: CaldavServer | undefined;
  beforeAll(async () => {
    running = await startCaldavServer(dialect, 'tsdav');
  });
  afterAll(() => running?.stop());

  it('discovers, creates, queries, updates with an ETag, syncs and deletes', async () => {
    const { server, session, password, api } = running!;
    const client = new DAVClient({
      serverUrl: server.url,
      credentials: { username: session.user.username, password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
    });
    await client.login();
    const calendars = await client.fetchCalendars();
    const inbox = calendars.find((calendar) => calendar.displayName === 'Inbox') as DAVCalendar;
    expect(inbox).toBeDefined();
    expect(inbox.components).toEqual(['VTODO']);

    const created = await client.createCalendarObject({
      calendar: inbox,
      filename: 'tsdav-1.ics',
      iCalString: vtodo('tsdav-1', ['SUMMARY:Fix the bike', 'PRIORITY:5']),
    });
    expect(created.status).toBe(201);
    const listed = await client.fetchCalendarObjects({ calendar: inbox, filters: VTODO_FILTER });
    expect(listed).toHaveLength(1);
    const bike = listed[0] as DAVCalendarObject;
    expect(bike.url).toMatch(/\/tsdav-1\.ics$/);
    expect(bike.etag).toBeTruthy();
    expect(String(bike.data)).toContain('SUMMARY:Fix the bike');

    const renamed = {
      ...bike,
      data: String(bike.data).replace('Fix the bike', 'Fix the bike chain'),
    };
    const updated = await client.updateCalendarObject({ calendarObject: renamed });
    expect(updated.status).toBe(204);
    const stale = await client.updateCalendarObject({
      calendarObject: { ...bike, data: String(bike.data).replace('Fix the bike', 'Sell the bike') },
    });
    expect(stale.status).toBe(412);
    const titles = async () =>
      (await api<{ data: { attributes: { title: string } }[] }>('GET', '/api/todos')).data.map(
        (todo) => todo.attributes.title,
      );
    expect(await titles()).toEqual(['Fix the bike chain']);

    const synced = await client.smartCollectionSync({
      collection: {
        ...inbox,
        objectMultiGet: calendarMultiGet,
        objects: await client.fetchCalendarObjects({ calendar: inbox, filters: VTODO_FILTER }),
      },
      method: 'webdav',
    });
    expect(synced.syncToken).toMatch(/^urn:x-ticklist:sync:\d+$/);
    await api('POST', '/api/todos', { data: { title: 'Oil the chain' } });
    const after = await client.smartCollectionSync({
      collection: { ...synced, objectMultiGet: calendarMultiGet },
      method: 'webdav',
      detailedResult: true,
    });
    expect(after.objects.created.map((object) => String(object.data))).toEqual([
      expect.stringContaining('SUMMARY:Oil the chain'),
    ]);
    expect(after.syncToken).not.toBe(synced.syncToken);

    const current = (
      await client.fetchCalendarObjects({ calendar: inbox, filters: VTODO_FILTER })
    ).find((object) => object.url.endsWith('tsdav-1.ics'))!;
    const removed = await client.deleteCalendarObject({ calendarObject: current });
    expect(removed.status).toBe(204);
    expect(await titles()).toEqual(['Oil the chain']);
  });
});
