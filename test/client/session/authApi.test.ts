import { http, HttpResponse } from 'msw';
import {
  AuthError,
  authErrorMessage,
  requestLogin,
  requestLogout,
  requestRegistration,
} from '../../../src/client/session/authApi';
import { startMockApi, TEST_API_BASE, type MockApi } from '../support/mockApi';
import { server } from '../support/mswServer';

let api: MockApi;
beforeEach(() => (api = startMockApi({ tokens: ['jwt-1'] })));

const lastRequest = () => api.requests.at(-1)!;
const ann = { identifier: 'ann@example.com', password: 'Secret1!' };

describe('auth calls', () => {
  it('login posts the identifier and password to /api/auth/local and returns the session', async () => {
    const session = await requestLogin(ann);
    expect(session.user).toMatchObject({ id: 7, username: 'ann', email: 'ann@example.com' });
    expect(session.jwt).toEqual(expect.any(String));
    const request = lastRequest();
    expect(request.url.href).toBe(`${TEST_API_BASE}/auth/local`);
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.body).toEqual(ann);
  });

  it('register posts exactly email, username and password', async () => {
    const session = await requestRegistration({
      email: 'b@example.com',
      username: 'bob',
      password: 'Secret1!',
      extra: 1,
    } as never);
    expect(session.user.username).toBe('bob');
    expect(lastRequest().url.href).toBe(`${TEST_API_BASE}/auth/local/register`);
    expect(lastRequest().body).toEqual({
      email: 'b@example.com',
      username: 'bob',
      password: 'Secret1!',
    });
  });

  it('a server error carries the server message', async () => {
    const error = await requestLogin({ ...ann, password: 'Wrong1!x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(authErrorMessage(error, 'Unknown error!')).toBe('Invalid identifier or password');
  });

  it('a 200 that is not a session, a body that is not JSON, and a network failure have no server message', async () => {
    server.use(
      http.post(`${TEST_API_BASE}/auth/local`, () => HttpResponse.json({ ok: true }), {
        once: true,
      }),
    );
    expect(authErrorMessage(await requestLogin(ann).catch((e: unknown) => e), 'fallback')).toBe(
      'fallback',
    );
    server.use(
      http.post(`${TEST_API_BASE}/auth/local`, () => new HttpResponse('<html>', { status: 502 }), {
        once: true,
      }),
    );
    expect(authErrorMessage(await requestLogin(ann).catch((e: unknown) => e), 'fallback')).toBe(
      'fallback',
    );
    server.use(http.post(`${TEST_API_BASE}/auth/local/register`, () => HttpResponse.error()));
    const error = await requestRegistration({
      email: 'a@b.co',
      username: 'abc',
      password: 'x',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(authErrorMessage(error, 'Unknown error occurred')).toBe('Unknown error occurred');
  });

  it('gives up after 2000 ms', async () => {
    let seen: Request | undefined;
    // An answer that never comes: the call must end on its own.
    server.use(
      http.post(`${TEST_API_BASE}/auth/local`, ({ request }) => {
        seen = request;
        return new Promise<Response>(() => {});
      }),
    );
    jest.useFakeTimers();
    try {
      const outcome = requestLogin(ann).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(1999);
      expect(seen?.signal.aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(await outcome).toBeInstanceOf(AuthError);
    } finally {
      jest.useRealTimers();
    }
  });

  it('logout posts to /api/auth/logout with the bearer token and no body', async () => {
    await requestLogout('jwt-1');
    const request = lastRequest();
    expect(request.url.href).toBe(`${TEST_API_BASE}/auth/logout`);
    expect(request.method).toBe('POST');
    expect(request.authorization).toBe('Bearer jwt-1');
    expect(request.headers.get('content-type')).toBeNull();
    expect(request.body).toBeUndefined();
  });
});
