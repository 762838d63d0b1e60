/**
 * @jest-environment node
 *
 * A URL with broken percent-encoding, in its path or its query, is a 400 in the API's error envelope
 * with the security headers of every other answer (the router answers a broken path itself, outside
 * the hooks that set them). Sent through inject and as raw bytes over a socket, which no client
 * library normalises.
 */
import http from 'node:http';
import net from 'node:net';
import type { Session } from '../../../src/shared/api-types';
import { bearer, createTestApp, credentials, register, type TestApp } from '../support/app';

/** Headers that describe the connection or the body, not the answer's policy. */
const TRANSPORT = new Set(['date', 'content-length', 'connection', 'keep-alive', 'content-type']);

type Answer = { status: number; headers: Record<string, string>; body: string };

/** A GET with the path sent byte for byte as given. */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string>,
          body,
        }),
      );
    });
    request.on('error', reject);
  });
}

const policyHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !TRANSPORT.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

const MALFORMED = [
  '/api/todos/1%zz',
  '/api/todos/%ff',
  '/%zz',
  '/reset-password%',
  '/api/todos?filters[title][$contains]=%zz',
  '/api/todos?page=1&x=%e0%a4',
  '/reset-password?code=abc%2',
];

describe('malformed URLs', () => {
  let t: TestApp;
  let port: number;
  let session: Session;
  let expectedHeaders: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
    session = await register(t.app, credentials('badurl'));
    const notFound = await rawGet(port, '/api/nothing-here', bearer(session));
    expect(notFound.status).toBe(404);
    expectedHeaders = policyHeaders(notFound.headers);
    expect(expectedHeaders).toHaveProperty('content-security-policy');
  });
  afterAll(() => t.close());

  const expectMalformedAnswer = (path: string, answer: Answer) => {
    expect([path, answer.status]).toEqual([path, 400]);
    expect(JSON.parse(answer.body)).toEqual({
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'The URL is malformed',
        details: {
          errors: [{ path: [], message: 'The URL is malformed', name: 'ValidationError' }],
        },
      },
    });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect([path, policyHeaders(answer.headers)]).toEqual([path, expectedHeaders]);
  };

  it.each(MALFORMED)(
    'answers %s over a socket with 400 and the headers of every answer',
    async (path) => {
      expectMalformedAnswer(path, await rawGet(port, path, bearer(session)));
    },
  );

  it.each(MALFORMED)('answers %s through inject alike', async (path) => {
    const answer = await t.app.inject({ method: 'GET', url: path, headers: bearer(session) });
    expectMalformedAnswer(path, {
      status: answer.statusCode,
      headers: answer.headers as Record<string, string>,
      body: answer.body,
    });
  });

  /** A request line sent as raw bytes, the answer as text: Node's parser refuses what a client library would not send. */
  const rawRequest = (target: Buffer) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.end(
          Buffer.concat([Buffer.from('GET '), target, Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]),
        ),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });

  it.each([
    ['a control character in the path', Buffer.from('/api/todos/\x01')],
    ['a raw non-ASCII byte in the path', Buffer.from([...Buffer.from('/api/todos/'), 0xff])],
    ['a control character in the query', Buffer.from('/api/todos?x=\x7f')],
    ['a target that is no path', Buffer.from('todos')],
  ])('answers %s, refused by the HTTP parser, alike', async (_name, target) => {
    const text = await rawRequest(target);
    const [head = '', body = ''] = text.split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expectMalformedAnswer(target.toString('latin1'), { status: 400, headers, body });
  });

  it('still reads well-formed escapes in paths and queries', async () => {
    const encoded = await rawGet(
      port,
      '/api/t%6fdos?filters[title][$contains]=%E2%9C%93%20100%25',
      bearer(session),
    );
    expect(encoded.status).toBe(200);
  });
});
