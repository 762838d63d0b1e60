/** The session actor, started once outside React, as the components read it and talk to it. */
import { act, render, screen } from '@testing-library/react';
import { StrictMode, useEffect, useRef } from 'react';
import {
  SessionProvider,
  useApiExtra,
  useSessionActor,
  useSessionSelector,
  useSessionUser,
} from '../../../src/client/session/SessionProvider';
import { isLoggingIn } from '../../../src/client/session/sessionView';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { aSession, deferred, storeSession } from './fixtures';
import { startFakeSession } from './startFakeSession';

beforeEach(() => localStorage.clear());

const credentials = { identifier: 'alice@example.com', password: 'secret1' };
const registration = { email: 'bob@example.com', username: 'bob', password: 'Secret1!' };

function Probe() {
  const session = useSessionActor();
  const username = useSessionUser()?.username;
  const loggingIn = useSessionSelector(isLoggingIn);
  const extra = useApiExtra();
  return (
    <>
      <p>{username ? `Signed in as ${username}` : 'Signed out'}</p>
      {loggingIn && <p>Logging in</p>}
      <p>Token: {extra.getToken() ?? 'none'}</p>
      <button type="button" onClick={() => session.send({ type: 'session.login', credentials })}>
        Log in
      </button>
      <button
        type="button"
        onClick={() => session.send({ type: 'session.register', form: registration })}
      >
        Register
      </button>
    </>
  );
}

/** Logs in from an effect as the tree first mounts (once: the ref survives StrictMode's second mount). */
function LogInOnMount() {
  const session = useSessionActor();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    session.send({ type: 'session.login', credentials });
  }, [session]);
  return null;
}

describe('the session provider', () => {
  it('signed out, shows the stored state; a login runs through the actor and toasts', async () => {
    const pending = deferred<ReturnType<typeof aSession>>();
    const notify = jest.fn();
    const actor = startFakeSession({ api: { logIn: () => pending.promise }, notify });
    render(
      <SessionProvider actor={actor}>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('Token: none')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Log in' }).click());
    expect(screen.getByText('Logging in')).toBeInTheDocument();
    await act(async () => pending.resolve(aSession({ username: 'alice' })));
    expect(await screen.findByText('Signed in as alice')).toBeInTheDocument();
    expect(screen.getByText('Token: jwt-1')).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith('Login successful! Redirecting...', 'success');
  });

  it('under StrictMode (development) makes each call once, even one asked for while the tree mounts', async () => {
    const logIn = jest.fn(() => Promise.resolve(aSession({ username: 'alice' })));
    const register = jest.fn(() => new Promise<never>(() => {}));
    const actor = startFakeSession({ api: { logIn, register } });
    render(
      <StrictMode>
        <SessionProvider actor={actor}>
          <LogInOnMount />
          <Probe />
        </SessionProvider>
      </StrictMode>,
    );
    expect(await screen.findByText('Signed in as alice')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Register' }).click());
    await act(async () => {});
    expect(logIn).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('signed in, shows the stored user at once', () => {
    storeSession(aSession({ username: 'alice' }));
    render(
      <SessionProvider actor={startFakeSession()}>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('Signed in as alice')).toBeInTheDocument();
  });

  it('a 401 reported through the API bridge ends the session', () => {
    storeSession(aSession({ username: 'alice' }));
    const actor = startFakeSession();
    const ended = jest.fn();
    actor.on('session.ended', ended);
    let onUnauthorized = () => {};
    function CaptureBridge() {
      onUnauthorized = useApiExtra().onUnauthorized;
      return null;
    }
    render(
      <SessionProvider actor={actor}>
        <CaptureBridge />
        <Probe />
      </SessionProvider>,
    );
    act(() => onUnauthorized());
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(ended).toHaveBeenCalledWith(expect.objectContaining({ reason: 'expired' }));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('a session another tab stores signs this tab in as that user', async () => {
    render(
      <SessionProvider actor={startFakeSession()}>
        <Probe />
      </SessionProvider>,
    );
    const frame = document.createElement('iframe');
    document.body.appendChild(frame);
    try {
      frame.contentWindow!.localStorage.setItem(
        SESSION_STORAGE_KEY,
        JSON.stringify(aSession({ username: 'bob' })),
      );
      expect(await screen.findByText('Signed in as bob')).toBeInTheDocument();
    } finally {
      frame.remove();
    }
  });
});
