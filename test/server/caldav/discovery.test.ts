/** @jest-environment node */
import { call, createTestApp, describeEachDialect, type TestApp } from '../support/app';
import { dav, davUser, propfindBody, type DavUser } from './support';

describeEachDialect('CalDAV discovery', (dialect) => {
  let t: TestApp;
  let ada: DavUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ada = await davUser(t.app);
  });
  afterAll(() => t.close());

  it('sends /.well-known/caldav to the DAV root', async () => {
    const answer = await t.app.inject({ method: 'PROPFIND', url: '/.well-known/caldav' });
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe('/dav/');
    // vdirsyncer sends its PROPFIND body there too.
    const withBody = await t.app.inject({
      method: 'PROPFIND',
      url: '/.well-known/caldav',
      headers: { 'content-type': 'application/xml', depth: '0' },
      payload: propfindBody('<d:current-user-principal/>'),
    });
    expect(withBody.statusCode).toBe(301);
    // A client given the server's bare address asks its root; a browser still gets the app there.
    const root = await t.app.inject({
      method: 'PROPFIND',
      url: '/',
      headers: { 'content-type': 'application/xml', depth: '0' },
      payload: propfindBody('<d:current-user-principal/>'),
    });
    expect(root.statusCode).toBe(301);
    expect(root.headers.location).toBe('/dav/');
  });

  it('answers OPTIONS with the DAV classes and methods, without credentials', async () => {
    const answer = await t.app.inject({ method: 'OPTIONS', url: '/dav/' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers.dav).toContain('calendar-access');
    expect(answer.headers.allow).toContain('PROPFIND');
  });

  it('asks for Basic credentials, and refuses the account password and a wrong one', async () => {
    const none = await t.app.inject({ method: 'PROPFIND', url: '/dav/' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic realm=/);
    const accountPassword = `Basic ${Buffer.from(`${ada.username}:Kiwi#Lamp42`).toString('base64')}`;
    const refused = await dav(t.app, { ...ada, basic: accountPassword }, 'PROPFIND', '/dav/');
    expect(refused.statusCode).toBe(401);
  });

  it('leads from the root to the principal, the calendar home and the calendars', async () => {
    const root = await dav(
      t.app,
      ada,
      'PROPFIND',
      '/dav/',
      propfindBody('<d:current-user-principal/>'),
      { depth: '0' },
    );
    expect(root.statusCode).toBe(207);
    const principal = `/dav/principals/${ada.username}/`;
    expect(root.body).toContain(`<d:href>${principal}</d:href>`);
    const home = await dav(
      t.app,
      ada,
      'PROPFIND',
      principal,
      propfindBody('<c:calendar-home-set/>'),
      { depth: '0' },
    );
    expect(home.body).toContain(
      `<c:calendar-home-set><d:href>/dav/calendars/${ada.username}/</d:href>`,
    );
    const project = await call(t.app, ada.session, {
      method: 'POST',
      url: '/api/projects',
      payload: { data: { name: 'Garden & Co', color: '#22aa44' } },
    });
    const projectId = project.json().data.id;
    const calendars = await dav(
      t.app,
      ada,
      'PROPFIND',
      `/dav/calendars/${ada.username}/`,
      propfindBody(
        '<d:resourcetype/><d:displayname/><ic:calendar-color/><c:supported-calendar-component-set/><cs:getctag/><d:sync-token/><d:current-user-privilege-set/><x:unknown xmlns:x="urn:x"/>',
      ),
      { depth: '1' },
    );
    expect(calendars.statusCode).toBe(207);
    expect(calendars.body).toContain(`/dav/calendars/${ada.username}/inbox/`);
    expect(calendars.body).toContain(`/dav/calendars/${ada.username}/project-${projectId}/`);
    expect(calendars.body).toContain('<d:displayname>Garden &amp; Co</d:displayname>');
    expect(calendars.body).toContain('<ic:calendar-color>#22AA44FF</ic:calendar-color>');
    expect(calendars.body).toContain('<c:comp name="VTODO"/>');
    expect(calendars.body).toContain('urn:x-ticklist:sync:');
    expect(calendars.body).toContain('<x:unknown xmlns:x="urn:x"/>');
    expect(calendars.body).toContain('404 Not Found');
  });

  it('answers another user’s tree, a missing calendar and malformed XML with 4xx', async () => {
    const bob = await davUser(t.app);
    const foreign = await dav(
      t.app,
      bob,
      'PROPFIND',
      `/dav/calendars/${ada.username}/`,
      undefined,
      { depth: '0' },
    );
    expect(foreign.statusCode).toBe(404);
    const missing = await dav(
      t.app,
      ada,
      'PROPFIND',
      `/dav/calendars/${ada.username}/project-99999/`,
      undefined,
      { depth: '0' },
    );
    expect(missing.statusCode).toBe(404);
    const broken = await dav(
      t.app,
      ada,
      'PROPFIND',
      '/dav/',
      '<d:propfind xmlns:d="DAV:"><d:prop>',
      { depth: '0' },
    );
    expect(broken.statusCode).toBe(400);
    const report = await dav(
      t.app,
      ada,
      'REPORT',
      `/dav/calendars/${ada.username}/inbox/`,
      '<x:nope xmlns:x="urn:x"/>',
    );
    expect(report.statusCode).toBe(403);
    const mkcol = await dav(t.app, ada, 'MKCOL', `/dav/calendars/${ada.username}/new/`);
    expect(mkcol.statusCode).toBe(405);
    // Any method Node takes that CalDAV here does not handle: 405 for a calendar that is there.
    for (const method of ['POST', 'PATCH', 'ACL', 'SEARCH', 'BIND', 'LINK', 'TRACE'] as const) {
      const answer = await dav(t.app, ada, method, `/dav/calendars/${ada.username}/inbox/`);
      expect(answer.statusCode).toBe(405);
      expect(answer.headers.allow).toContain('PROPFIND');
    }
  });

  it('counts failed Basic logins against the login throttle, then refuses even the right password (429)', async () => {
    const carl = await davUser(t.app);
    const wrong = `Basic ${Buffer.from(`${carl.username}:not-it`).toString('base64')}`;
    const remoteAddress = '203.0.113.9';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const refused = await t.app.inject({
        method: 'PROPFIND',
        url: '/dav/',
        headers: { authorization: wrong, depth: '0' },
        remoteAddress,
      });
      expect(refused.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'PROPFIND',
      url: '/dav/',
      headers: { authorization: carl.basic, depth: '0' },
      remoteAddress,
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses an app password from the request after it was revoked', async () => {
    const dora = await davUser(t.app);
    expect(
      (await dav(t.app, dora, 'PROPFIND', '/dav/', undefined, { depth: '0' })).statusCode,
    ).toBe(207);
    const [entry] = (
      await call(t.app, dora.session, { method: 'GET', url: '/api/app-passwords' })
    ).json().data;
    expect(entry.lastUsedAt).not.toBeNull();
    await call(t.app, dora.session, { method: 'DELETE', url: `/api/app-passwords/${entry.id}` });
    expect(
      (await dav(t.app, dora, 'PROPFIND', '/dav/', undefined, { depth: '0' })).statusCode,
    ).toBe(401);
  });
});
