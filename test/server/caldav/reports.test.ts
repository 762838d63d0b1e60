/** @jest-environment node */
import { call, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { dav, davUser, vtodo, type DavUser } from './support';

const NS = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';
const syncBody = (token: string) =>
  `<d:sync-collection ${NS}><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
const tokenOf = (body: string) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(body)![1]!;
const hrefs = (body: string) => [...body.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]!);
/** The hrefs a multistatus reports as gone (a bare 404 status). */
const goneHrefs = (body: string) =>
  [...body.matchAll(/<d:response><d:href>([^<]+)<\/d:href><d:status>HTTP\/1.1 404/g)].map(
    (m) => m[1]!,
  );

describeEachDialect('CalDAV reports', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  let inbox: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await davUser(t.app);
    inbox = `/dav/calendars/${ada.username}/inbox/`;
    for (const [uid, lines] of [
      ['open', ['SUMMARY:Open one', 'DUE;VALUE=DATE:20261210']],
      ['done', ['SUMMARY:Done one', 'STATUS:COMPLETED', 'COMPLETED:20261101T100000Z']],
      ['later', ['SUMMARY:Later', 'DUE:20270115T090000Z', 'CATEGORIES:Home,Work']],
    ] as const)
      await t.app.inject({
        method: 'PUT',
        url: `${inbox}${uid}.ics`,
        payload: vtodo(uid, [...lines]),
        headers: { authorization: ada.basic, 'content-type': 'text/calendar' },
      });
  });
  afterAll(() => t.close());

  const report = (body: string, user = ada, url = inbox) =>
    dav(t.app, user, 'REPORT', url, body, { depth: '1' });

  it('calendar-multiget answers the hrefs asked for, a missing one as 404', async () => {
    const answer = await report(
      `<c:calendar-multiget ${NS}><d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>${inbox}open.ics</d:href><d:href>${inbox}nope.ics</d:href></c:calendar-multiget>`,
    );
    expect(answer.statusCode).toBe(207);
    expect(answer.body).toContain('SUMMARY:Open one');
    expect(goneHrefs(answer.body)).toEqual([`${inbox}nope.ics`]);
  });

  it('calendar-query filters VTODOs on COMPLETED, STATUS, CATEGORIES and a time range', async () => {
    const query = (inner: string) =>
      report(
        `<c:calendar-query ${NS}><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">${inner}</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
      );
    const all = await query('');
    expect(hrefs(all.body).sort()).toEqual([
      `${inbox}done.ics`,
      `${inbox}later.ics`,
      `${inbox}open.ics`,
    ]);
    const open = await query('<c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>');
    expect(hrefs(open.body).sort()).toEqual([`${inbox}later.ics`, `${inbox}open.ics`]);
    // A text-match needs the property: those without STATUS do not match it, negated or not (RFC 4791 §9.7.2).
    const done = await query(
      '<c:prop-filter name="STATUS"><c:text-match>completed</c:text-match></c:prop-filter>',
    );
    expect(hrefs(done.body)).toEqual([`${inbox}done.ics`]);
    const notDone = await query(
      '<c:prop-filter name="STATUS"><c:text-match negate-condition="yes">COMPLETED</c:text-match></c:prop-filter>',
    );
    expect(hrefs(notDone.body)).toEqual([]);
    // CATEGORIES is a list: a text-match looks at every name in it, not the first alone.
    const work = await query(
      '<c:prop-filter name="CATEGORIES"><c:text-match>work</c:text-match></c:prop-filter>',
    );
    expect(hrefs(work.body)).toEqual([`${inbox}later.ics`]);
    const notWork = await query(
      '<c:prop-filter name="CATEGORIES"><c:text-match negate-condition="yes">work</c:text-match></c:prop-filter>',
    );
    expect(hrefs(notWork.body)).toEqual([]);
    const december = await query('<c:time-range start="20261201T000000Z" end="20270101T000000Z"/>');
    expect(hrefs(december.body)).toContain(`${inbox}open.ics`);
    expect(hrefs(december.body)).not.toContain(`${inbox}later.ics`);
    // A DUE on the range's start or end is in it (RFC 4791 §9.9).
    const fromDue = await query('<c:time-range start="20270115T090000Z" end="20270116T000000Z"/>');
    expect(hrefs(fromDue.body)).toEqual([`${inbox}later.ics`]);
    const toDue = await query('<c:time-range start="20270114T000000Z" end="20270115T090000Z"/>');
    expect(hrefs(toDue.body)).toEqual([`${inbox}later.ics`]);
    const events = await report(
      `<c:calendar-query ${NS}><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter></c:calendar-query>`,
    );
    expect(hrefs(events.body)).toEqual([]);
  });

  it('sync-collection sends what changed after a token: edits, moves, deletions from app and client alike', async () => {
    const initial = await report(syncBody(''));
    expect(initial.statusCode).toBe(207);
    expect(hrefs(initial.body).sort()).toEqual([
      `${inbox}done.ics`,
      `${inbox}later.ics`,
      `${inbox}open.ics`,
    ]);
    const first = tokenOf(initial.body);
    const quiet = await report(syncBody(first));
    expect(hrefs(quiet.body)).toEqual([]);
    expect(tokenOf(quiet.body)).toBe(first);

    const listed = (
      await call(t.app, ada.session, { method: 'GET', url: '/api/todos?sort=id:asc' })
    ).json().data;
    const [open, done, later] = listed;
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${open.id}`,
      payload: { data: { title: 'Open, renamed' } },
    });
    await call(t.app, ada.session, { method: 'DELETE', url: `/api/todos/${done.id}` });
    const project = await call(t.app, ada.session, {
      method: 'POST',
      url: '/api/projects',
      payload: { data: { name: 'Elsewhere' } },
    });
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${later.id}`,
      payload: { data: { project: project.json().data.id } },
    });
    const made = await call(t.app, ada.session, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'Brand new' } },
    });

    const changes = await report(syncBody(first));
    expect(changes.statusCode).toBe(207);
    expect(goneHrefs(changes.body).sort()).toEqual([`${inbox}done.ics`, `${inbox}later.ics`]);
    expect(hrefs(changes.body).sort()).toEqual(
      [
        `${inbox}done.ics`,
        `${inbox}later.ics`,
        `${inbox}open.ics`,
        `${inbox}todo-${made.json().data.id}.ics`,
      ].sort(),
    );
    const second = tokenOf(changes.body);
    expect(second).not.toBe(first);
    expect(hrefs((await report(syncBody(second))).body)).toEqual([]);

    const moved = await report(
      syncBody(''),
      ada,
      `/dav/calendars/${ada.username}/project-${project.json().data.id}/`,
    );
    expect(hrefs(moved.body)).toEqual([
      `/dav/calendars/${ada.username}/project-${project.json().data.id}/later.ics`,
    ]);
  });

  it('refuses a token it never gave (403 valid-sync-token) and reports it does not know', async () => {
    const forged = await report(syncBody('urn:x-ticklist:sync:999999999'));
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('valid-sync-token');
    expect((await report(syncBody('http://elsewhere/1'))).statusCode).toBe(403);
    const other = await davUser(t.app);
    const foreign = await report(syncBody(''), other, inbox);
    expect(foreign.statusCode).toBe(404);
  });
});
