/** @jest-environment node */
import { gunzipSync } from 'node:zlib';
import { call, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { dav, davUser, propfindBody, seedTodos, vtodo, type DavUser } from './support';

const NS = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';
/** More than two of the server's 500-todo pages. */
const TODOS = 1001;

/** Each member's href and ETag, in the order answered. */
const etags = (body: string) =>
  [
    ...body.matchAll(
      /<d:response><d:href>([^<]+\.ics)<\/d:href><d:propstat><d:prop><d:getetag>([^<]+)<\/d:getetag>/g,
    ),
  ].map((m) => [m[1]!, m[2]!] as const);

describeEachDialect('CalDAV listings of a large calendar', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  let inbox: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_TODOS_PER_USER: '5000' });
    ada = await davUser(t.app);
    inbox = `/dav/calendars/${ada.username}/inbox/`;
    await seedTodos(t.database.handle.db, ada.session.user.id, TODOS);
  });
  afterAll(() => t.close());

  const propfind = () =>
    dav(t.app, ada, 'PROPFIND', inbox, propfindBody('<d:getetag/><d:getcontenttype/>'), {
      depth: '1',
    });

  it('PROPFIND depth 1 lists every todo once, the same again unchanged, and what changed since', async () => {
    const first = await propfind();
    expect(first.statusCode).toBe(207);
    expect(first.body).toMatch(/^<\?xml[^>]*>\n<d:multistatus [^>]*>.*<\/d:multistatus>$/s);
    const listed = new Map(etags(first.body));
    expect(listed.size).toBe(TODOS);
    expect(etags(first.body)).toHaveLength(TODOS);
    const again = await propfind();
    expect(again.body).toBe(first.body);

    // An edit in the app, a todo put by a client and one trashed: each shows at once.
    const [editedHref, editedEtag] = [...listed][700]!;
    const editedId = Number(/todo-(\d+)\.ics$/.exec(editedHref)![1]);
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${editedId}`,
      payload: { data: { title: 'Edited' } },
    });
    const [trashedHref] = [...listed][1000]!;
    const trashedId = Number(/todo-(\d+)\.ics$/.exec(trashedHref)![1]);
    await call(t.app, ada.session, { method: 'DELETE', url: `/api/todos/${trashedId}` });
    expect(
      (
        await dav(
          t.app,
          ada,
          'PUT',
          `${inbox}phone.ics`,
          vtodo('phone', ['SUMMARY:From the phone']),
        )
      ).statusCode,
    ).toBe(201);
    const after = new Map(etags((await propfind()).body));
    expect(after.size).toBe(TODOS);
    expect(after.get(editedHref)).toBeDefined();
    expect(after.get(editedHref)).not.toBe(editedEtag);
    expect(after.has(trashedHref)).toBe(false);
    expect(after.has(`${inbox}phone.ics`)).toBe(true);
    const unchanged = [...listed].filter(([href]) => href !== editedHref && href !== trashedHref);
    expect(unchanged.every(([href, etag]) => after.get(href) === etag)).toBe(true);
  });

  it('sends a kept listing gzipped to a client that accepts it: the same answer, and a new one after a change', async () => {
    const gzipPropfind = () =>
      dav(t.app, ada, 'PROPFIND', inbox, propfindBody('<d:getetag/><d:getcontenttype/>'), {
        depth: '1',
        'accept-encoding': 'gzip, deflate, br',
      });
    const plain = (await propfind()).body; // read afresh or kept: either way kept after it
    const packed = await gzipPropfind();
    expect(packed.statusCode).toBe(207);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.rawPayload.length).toBeLessThan(plain.length / 10);
    expect(gunzipSync(packed.rawPayload).toString()).toBe(plain);
    // A client that takes no gzip gets the plain bytes.
    const identity = await dav(
      t.app,
      ada,
      'PROPFIND',
      inbox,
      propfindBody('<d:getetag/><d:getcontenttype/>'),
      { depth: '1', 'accept-encoding': 'identity' },
    );
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);

    const [href, etag] = etags(plain)[3]!;
    const id = Number(/todo-(\d+)\.ics$/.exec(href)![1]);
    await call(t.app, ada.session, {
      method: 'PUT',
      url: `/api/todos/${id}`,
      payload: { data: { title: 'Changed again' } },
    });
    // The first poll after the change reads afresh (plain); the next is kept and packed again.
    const fresh = await gzipPropfind();
    expect(fresh.headers['content-encoding']).toBeUndefined();
    const repacked = await gzipPropfind();
    expect(repacked.headers['content-encoding']).toBe('gzip');
    const after = gunzipSync(repacked.rawPayload).toString();
    expect(after).toBe(fresh.body);
    expect(new Map(etags(after)).get(href)).not.toBe(etag);
  });

  it('answers a multiget of every href, and a first sync-collection of every todo, page after page', async () => {
    const hrefs = etags((await propfind()).body).map(([href]) => href);
    const multiget = await dav(
      t.app,
      ada,
      'REPORT',
      inbox,
      `<c:calendar-multiget ${NS}><d:prop><d:getetag/><c:calendar-data/></d:prop>${hrefs.map((href) => `<d:href>${href}</d:href>`).join('')}<d:href>${inbox}nope.ics</d:href></c:calendar-multiget>`,
      { depth: '1' },
    );
    expect(multiget.statusCode).toBe(207);
    expect(multiget.body.match(/BEGIN:VTODO/g)).toHaveLength(hrefs.length);
    expect(multiget.body).toContain('SUMMARY:Edited');
    expect(multiget.body).toContain(
      `<d:response><d:href>${inbox}nope.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>`,
    );
    const sync = await dav(
      t.app,
      ada,
      'REPORT',
      inbox,
      `<d:sync-collection ${NS}><d:sync-token></d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
      { depth: '1' },
    );
    expect(sync.statusCode).toBe(207);
    expect(new Set(etags(sync.body).map(([href]) => href))).toEqual(new Set(hrefs));
    expect(sync.body).toMatch(
      /<d:sync-token>urn:x-ticklist:sync:\d+<\/d:sync-token><\/d:multistatus>$/,
    );
  });
});
