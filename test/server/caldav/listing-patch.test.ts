/**
 * @jest-environment node
 *
 * After a change, PROPFIND depth 1 sends again the pages of the listing kept before that no change
 * touched and reads only the others (listing.ts). Whatever writes come between two PROPFINDs
 * (edits, completions, trash and restore, moves out and back, labels, todos made in the app and by
 * a client, deleted by a client), its answer holds exactly the hrefs and ETags that a
 * calendar-query, which reads every todo afresh, holds.
 */
import fc from 'fast-check';
import { call, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { dav, davUser, propfindBody, seedTodos, vtodo, type DavUser } from './support';

jest.setTimeout(300_000);

/** Three of the server's 500-todo pages, the last a short one. */
const TODOS = 1050;
const NS = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';

type Op =
  | { kind: 'edit' | 'complete' | 'trash' | 'restore' | 'away' | 'back' | 'label'; pick: number }
  | { kind: 'create' | 'put' | 'unput'; pick: number };

const opArbitrary: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom(
    'edit' as const,
    'complete' as const,
    'trash' as const,
    'restore' as const,
    'away' as const,
    'back' as const,
    'label' as const,
    'create' as const,
    'put' as const,
    'unput' as const,
  ),
  pick: fc.nat(),
});

/** Each member's href and ETag, sorted by href. */
const etags = (body: string) =>
  [...body.matchAll(/<d:href>([^<]+\.ics)<\/d:href>.*?<d:getetag>([^<]+)<\/d:getetag>/g)]
    .map((m) => `${m[1]} ${m[2]}`)
    .sort();

describeEachDialect('CalDAV listings after changes', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  let inbox: string;
  let ids: number[];
  let away: number;
  let label: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAX_TODOS_PER_USER: '5000' });
    ada = await davUser(t.app);
    inbox = `/dav/calendars/${ada.username}/inbox/`;
    await seedTodos(t.database.handle.db, ada.session.user.id, TODOS);
    ids = (
      await t.database.handle.db
        .selectFrom('todos')
        .select('id')
        .where('owner_id', '=', ada.session.user.id)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    const send = (url: string, data: object) =>
      call(t.app, ada.session, { method: 'POST', url, payload: { data } });
    away = (await send('/api/projects', { name: 'Away' })).json().data.id;
    label = (await send('/api/labels', { name: 'Tag' })).json().data.id;
  });
  afterAll(() => t.close());

  const api = (method: 'POST' | 'PUT' | 'DELETE', url: string, data?: object) =>
    call(t.app, ada.session, { method, url, payload: data && { data } });

  async function apply(op: Op, step: number): Promise<void> {
    const id = ids[op.pick % ids.length]!;
    switch (op.kind) {
      case 'edit':
        return void (await api('PUT', `/api/todos/${id}`, { title: `Edited ${step}` }));
      case 'complete':
        return void (await api('PUT', `/api/todos/${id}`, { completed: step % 2 === 0 }));
      case 'trash':
        return void (await api('DELETE', `/api/todos/${id}`));
      case 'restore':
        return void (await api('POST', `/api/todos/${id}/restore`));
      case 'away':
        return void (await api('PUT', `/api/todos/${id}`, { project: away }));
      case 'back':
        return void (await api('PUT', `/api/todos/${id}`, { project: null }));
      case 'label':
        return void (await api('PUT', `/api/todos/${id}`, { labels: [label] }));
      case 'create': {
        const made = await api('POST', '/api/todos', { title: `Made ${step}` });
        return void ids.push(made.json().data.id);
      }
      case 'put':
        return void (await dav(
          t.app,
          ada,
          'PUT',
          `${inbox}client-${op.pick % 5}.ics`,
          vtodo(`client-${op.pick % 5}`, [`SUMMARY:Client ${step}`]),
        ));
      case 'unput':
        return void (await dav(t.app, ada, 'DELETE', `${inbox}client-${op.pick % 5}.ics`));
    }
  }

  const propfind = async () =>
    (
      await dav(t.app, ada, 'PROPFIND', inbox, propfindBody('<d:getetag/><d:getcontenttype/>'), {
        depth: '1',
      })
    ).body;
  const query = async () =>
    (
      await dav(
        t.app,
        ada,
        'REPORT',
        inbox,
        `<c:calendar-query ${NS}><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>`,
        { depth: '1' },
      )
    ).body;

  it('answers what a fresh read of every todo answers, whatever changed since the listing kept', async () => {
    await propfind();
    let step = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 6 }), async (ops) => {
        for (const op of ops) await apply(op, (step += 1));
        const listed = etags(await propfind());
        expect(listed).toEqual(etags(await query()));
        // And the listing kept at this number is the same again.
        expect(etags(await propfind())).toEqual(listed);
      }),
      { numRuns: 25 },
    );
  });
});
