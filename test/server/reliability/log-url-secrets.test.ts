/**
 * @jest-environment node
 *
 * No secret of a URL in the logs: a mailed reset or confirmation code, a token in the query, the
 * calendar feed's secret path. The app logs at trace into memory while each is requested the plain
 * way and in the spellings that reach the same handler (encoded names and paths, other letter case,
 * repeated parameters); no line may carry the secret, and each request line says [redacted].
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  bearer,
  createTestApp,
  credentials,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

const code = () => randomBytes(32).toString('base64url');
/** The first character of the text percent-encoded: the same value to a decoder, another string to a grep. */
const encodeFirst = (text: string) =>
  `%${text.charCodeAt(0).toString(16).toUpperCase()}${text.slice(1)}`;

type LogRecord = { msg?: string; req?: { url?: string } };

describeEachDialect('secrets in URLs stay out of the logs', (dialect) => {
  let t: TestApp;
  let staticDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    // A built SPA, so /reset-password is served as the page it is in production.
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-spa-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Ticklist</title>');
    t = await createTestApp(
      dialect,
      { LOG_LEVEL: 'trace', STATIC_DIR: staticDir },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  /** What the lines logged since the last call say of a request: each message with its URL. */
  const loggedRequests = () => {
    const records = lines.map((line) => JSON.parse(line) as LogRecord);
    lines.length = 0;
    return records.flatMap((record) =>
      record.req?.url === undefined ? [] : [[record.msg, record.req.url]],
    );
  };

  it('redacts mailed codes and tokens in the query by name, however the name is spelled', async () => {
    const [first, second] = [code(), code()];
    const cases: [url: string, status: number, logged: string][] = [
      [`/reset-password?code=${first}`, 200, '/reset-password?code=[redacted]'],
      [`/reset-password?CODE=${first}`, 200, '/reset-password?CODE=[redacted]'],
      [
        `/reset-password?lang=en&code=${first}&code=${second}`,
        200,
        '/reset-password?lang=en&code=[redacted]&code=[redacted]',
      ],
      [`/reset-password?%63ode=${first}`, 200, '/reset-password?%63ode=[redacted]'],
      [
        `/reset-password?c%6Fde=${first};Code=${second}`,
        200,
        '/reset-password?c%6Fde=[redacted];Code=[redacted]',
      ],
      [`/reset-password?code[]=${first}`, 200, '/reset-password?code[]=[redacted]'],
      [
        `/api/auth/email-confirmation?confirmation=${first}`,
        400,
        '/api/auth/email-confirmation?confirmation=[redacted]',
      ],
      [
        `/api/auth/email-confirmation?Confirmation=${first}&confirmation=${second}`,
        400,
        '/api/auth/email-confirmation?Confirmation=[redacted]&confirmation=[redacted]',
      ],
      [
        `/api/auth/email-confirmation?%2563onfirmation=${first}`,
        400,
        '/api/auth/email-confirmation?%2563onfirmation=[redacted]',
      ],
      [
        `/api/users/me?access_token=${first}&jwt=${second}`,
        401,
        '/api/users/me?access_token=[redacted]&jwt=[redacted]',
      ],
      [
        `/api/users/me?token=${first}&Password=${second}&secret=x1234567`,
        401,
        '/api/users/me?token=[redacted]&Password=[redacted]&secret=[redacted]',
      ],
    ];
    let text = '';
    for (const [url, status, logged] of cases) {
      lines.length = 0;
      const answer = await t.app.inject({ method: 'GET', url });
      expect([url, answer.statusCode]).toEqual([url, status]);
      text += lines.join('');
      // The arrival (debug) and the answer (info), both redacted; the other parameters as they came.
      expect([url, loggedRequests()]).toEqual([
        url,
        [
          ['incoming request', logged],
          ['request completed', logged],
        ],
      ]);
    }
    for (const secret of [first, second])
      expect(text.includes(secret) || text.includes(secret.slice(1))).toBe(false);
  });

  it('redacts the calendar feed secret in every spelling of its path', async () => {
    const session = await register(t.app, credentials('feedlog'));
    const feed = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/calendar-feed',
      headers: bearer(session),
    });
    const secret = new URL(feed.json<{ url: string }>().url).pathname.slice(
      '/api/calendar/'.length,
      -'.ics'.length,
    );
    const cases: [url: string, status: number][] = [
      [`/api/calendar/${secret}.ics`, 200],
      [`/api/%63alendar/${secret}.ics`, 200],
      [`/api/c%61lendar/${secret}.ics?x=1`, 200],
      [`/api/calendar/${secret}%2eics`, 200],
      [`/api/calendar/${secret}%2Eics/`, 200],
      [`/api/calendar/${encodeFirst(secret)}.ics`, 200],
      [`/api/%2563alendar/${secret}.ics`, 404],
      [`/api//calendar/${secret}.ics`, 404],
      // inject resolves the encoded dot segment (as WHATWG URL parsing does) before the router sees it.
      [`/api/calendar/%2e/${secret}.ics`, 200],
      [`/api/calendar/%2e%2e/calendar/${secret}.ics`, 200],
      [`/api/CALENDAR/${secret}.ics`, 404],
      // A broken escape: the router refuses it, and the arrival line (debug) still hides the secret.
      [`/api/calendar/${secret}%zz.ics`, 400],
    ];
    lines.length = 0;
    for (const [url, status] of cases) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect([url, answer.statusCode]).toEqual([url, status]);
    }
    const text = lines.join('');
    expect(text.includes(secret) || text.includes(secret.slice(1))).toBe(false);
    const logged = loggedRequests();
    // Two lines a request (arrival and answer), but one for the broken escape, which the router answers itself.
    expect(logged).toHaveLength(2 * cases.length - 1);
    for (const [, url] of logged) expect(url).toMatch(/calendar\/\[redacted\](\?x=1)?$/i);
  });

  it('redacts a reminder action token in the API path and in the app page’s query', async () => {
    const token = code();
    const cases: [method: 'GET' | 'POST', url: string, status: number][] = [
      ['GET', `/api/reminder-actions/${token}`, 410],
      ['POST', `/api/reminder-actions/${token}`, 410],
      ['POST', `/api/reminder-%61ctions/${token}`, 410],
      ['GET', `/reminder?token=${token}`, 200],
    ];
    lines.length = 0;
    for (const [method, url, status] of cases) {
      const answer = await t.app.inject({ method, url });
      expect([url, answer.statusCode]).toEqual([url, status]);
    }
    expect(lines.join('').includes(token)).toBe(false);
    for (const [, url] of loggedRequests()) expect(url).toMatch(/\[redacted\]$/);
  });

  it('keeps a request the HTTP parser refuses out of the logs, its token and URL included', async () => {
    const session = await register(t.app, credentials('rawlog'));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const secret = code();
    lines.length = 0;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.end(
          `GET /reset-password?code=${secret}\x01 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${session.jwt}\r\n\r\n`,
        ),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    // Buffers are logged as arrays of bytes: read them back as text before searching.
    const asText = (_key: string, value: unknown) =>
      value && typeof value === 'object' && (value as { type?: unknown }).type === 'Buffer'
        ? Buffer.from((value as { data: number[] }).data).toString('latin1')
        : value;
    const text = lines.map((line) => JSON.stringify(JSON.parse(line, asText))).join('');
    expect(text).toMatch(/client error/);
    for (const [what, value] of Object.entries({
      code: secret,
      jwt: session.jwt,
      'jwt signature': session.jwt.split('.')[2]!,
    })) {
      expect({ what, found: text.includes(value) }).toEqual({ what, found: false });
    }
  });
});
