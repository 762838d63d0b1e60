import {
  AuthError,
  authErrorMessage,
  requestLogin,
  requestLogout,
  requestRegistration,
} from '../../../src/client/session/authApi';
import { aSession } from './fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: jest.SpyInstance;
beforeEach(() => {
  fetchMock = jest.spyOn(globalThis, 'fetch');
});
afterEach(() => fetchMock.mockRestore());

const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
};

describe('auth calls', () => {
  it('login posts the identifier and password to /api/auth/local and returns the session', async () => {
    fetchMock.mockResolvedValue(json(200, aSession()));
    await expect(
      requestLogin({ identifier: 'alice@example.com', password: 'Secret1!' }),
    ).resolves.toEqual(aSession());
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/auth/local');
    expect(init.method).toBe('POST');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({
      identifier: 'alice@example.com',
      password: 'Secret1!',
    });
  });

  it('register posts exactly email, username and password', async () => {
    fetchMock.mockResolvedValue(json(200, aSession()));
    await requestRegistration({
      email: 'b@example.com',
      username: 'bob',
      password: 'Secret1!',
      extra: 1,
    } as never);
    const { url, init } = lastCall();
    expect(url).toBe('/api/auth/local/register');
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'b@example.com',
      username: 'bob',
      password: 'Secret1!',
    });
  });

  it('a server error carries the server message', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        data: null,
        error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password' },
      }),
    );
    const error = await requestLogin({ identifier: 'a@b.co', password: 'xxxxxx' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AuthError);
    expect(authErrorMessage(error, 'Unknown error!')).toBe('Invalid identifier or password');
  });

  it('a 200 that is not a session, a body that is not JSON, and a network failure have no server message', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    expect(
      authErrorMessage(
        await requestLogin({ identifier: 'a@b.co', password: 'x' }).catch((e: unknown) => e),
        'fallback',
      ),
    ).toBe('fallback');
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    expect(
      authErrorMessage(
        await requestLogin({ identifier: 'a@b.co', password: 'x' }).catch((e: unknown) => e),
        'fallback',
      ),
    ).toBe('fallback');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await requestRegistration({
      email: 'a@b.co',
      username: 'abc',
      password: 'x',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(authErrorMessage(error, 'Unknown error occurred')).toBe('Unknown error occurred');
  });

  it('gives up after 2000 ms', async () => {
    jest.useFakeTimers();
    try {
      fetchMock.mockImplementation(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          ),
      );
      const outcome = requestLogin({ identifier: 'a@b.co', password: 'xxxxxx' }).catch(
        (e: unknown) => e,
      );
      jest.advanceTimersByTime(1999);
      expect(lastCall().init.signal?.aborted).toBe(false);
      jest.advanceTimersByTime(1);
      expect(await outcome).toBeInstanceOf(AuthError);
    } finally {
      jest.useRealTimers();
    }
  });

  it('logout posts to /api/auth/logout with the bearer token and no body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await requestLogout('jwt-1');
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(headers.get('authorization')).toBe('Bearer jwt-1');
    expect(headers.get('content-type')).toBeNull();
    expect(init.body).toBeUndefined();
  });
});
