/** The session actor runs once it is wanted; until then the session is the stored one. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createActor } from 'xstate';
import {
  SessionProvider,
  useSessionHandle,
  useSessionView,
} from '../../../src/client/session/SessionProvider';
import { sessionView } from '../../../src/client/session/sessionView';
import { createSessionStore } from '../../../src/client/session/sessionStore';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { aSession, deferred, fakeSessionLogic, storeSession, type FakeApi } from './fixtures';

const hostMounted = jest.fn();
jest.mock('../../../src/client/session/SessionActorHost', () => {
  const actual = jest.requireActual('../../../src/client/session/SessionActorHost');
  return {
    __esModule: true,
    default: (props: Parameters<typeof actual.default>[0]) => {
      hostMounted();
      return actual.default(props);
    },
  };
});

beforeEach(() => {
  localStorage.clear();
  hostMounted.mockClear();
});

function Probe() {
  const session = useSessionHandle();
  const username = useSessionView((view) => view.session?.user.username);
  const loggingIn = useSessionView((view) => view.loggingIn);
  return (
    <>
      <p>{username ? `Signed in as ${username}` : 'Signed out'}</p>
      {loggingIn && <p>Logging in</p>}
      <button type="button" onClick={session.prepare}>
        Prepare
      </button>
      <button
        type="button"
        onClick={() =>
          session.send({
            type: 'session.login',
            credentials: { identifier: 'a@b.c', password: 'secret1' },
          })
        }
      >
        Log in
      </button>
    </>
  );
}

function renderProvider(api: FakeApi = {}) {
  const notify = jest.fn();
  render(
    <SessionProvider logic={fakeSessionLogic(api)} navigate={jest.fn()} notify={notify}>
      <Probe />
    </SessionProvider>,
  );
  return { notify };
}

describe('the session provider', () => {
  it('signed out, shows the stored state and loads no actor until an event wants one', async () => {
    const pending = deferred<ReturnType<typeof aSession>>();
    const { notify } = renderProvider({ logIn: () => pending.promise });
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(hostMounted).not.toHaveBeenCalled();

    await act(async () => screen.getByRole('button', { name: 'Log in' }).click());
    expect(await screen.findByText('Logging in')).toBeInTheDocument();
    expect(hostMounted).toHaveBeenCalled();
    await act(async () => pending.resolve(aSession({ username: 'alice' })));
    expect(await screen.findByText('Signed in as alice')).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith('Login successful! Redirecting...', 'success');
  });

  it('under StrictMode (development) makes each call once: the actor is not restarted by the second mount', async () => {
    const pending = deferred<ReturnType<typeof aSession>>();
    const logIn = jest.fn(() => pending.promise);
    render(
      <StrictMode>
        <SessionProvider
          logic={fakeSessionLogic({ logIn })}
          navigate={jest.fn()}
          notify={jest.fn()}
        >
          <Probe />
        </SessionProvider>
      </StrictMode>,
    );
    await act(async () => screen.getByRole('button', { name: 'Log in' }).click());
    expect(await screen.findByText('Logging in')).toBeInTheDocument();
    await act(async () => pending.resolve(aSession({ username: 'alice' })));
    expect(await screen.findByText('Signed in as alice')).toBeInTheDocument();
    expect(logIn).toHaveBeenCalledTimes(1);
  });

  it('a sign-in form in use prepares the actor before any event', async () => {
    renderProvider();
    await act(async () => screen.getByRole('button', { name: 'Prepare' }).click());
    await waitFor(() => expect(hostMounted).toHaveBeenCalled());
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('signed in, shows the stored user at once and starts the actor', async () => {
    storeSession(aSession({ username: 'alice' }));
    renderProvider();
    expect(screen.getByText('Signed in as alice')).toBeInTheDocument();
    await waitFor(() => expect(hostMounted).toHaveBeenCalled());
  });

  it('a session another tab stores wakes the actor, which signs in as that user', async () => {
    renderProvider();
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

describe('the session store', () => {
  const attachTo = (store: ReturnType<typeof createSessionStore>, api: FakeApi = {}) => {
    const actor = createActor(fakeSessionLogic(api)).start();
    const detach = store.attach(actor, (ref) => sessionView(ref.getSnapshot()));
    return { actor, detach };
  };

  it('keeps events and emitted-event listeners until the actor runs, then passes them on in order', async () => {
    storeSession(aSession({ username: 'alice' }));
    const store = createSessionStore(aSession({ username: 'alice' }));
    const ended = jest.fn();
    store.on('session.ended', ended);
    store.send({ type: 'session.logout' });
    expect(store.getView().session?.user.username).toBe('alice');

    const { actor, detach } = attachTo(store);
    expect(store.getView().loggingOut).toBe(true);
    await waitFor(() => expect(store.getView().session).toBeUndefined());
    expect(ended).toHaveBeenCalledWith(expect.objectContaining({ reason: 'logout' }));
    detach();
    actor.stop();
  });

  it('after detach, the listeners hear nothing from that actor', () => {
    storeSession(aSession());
    const store = createSessionStore(aSession());
    const ended = jest.fn();
    const changed = jest.fn();
    store.subscribe(changed);
    store.on('session.ended', ended);
    const { actor, detach } = attachTo(store);
    detach();
    changed.mockClear();
    actor.send({ type: 'session.expired' });
    expect(ended).not.toHaveBeenCalled();
    expect(changed).not.toHaveBeenCalled();
    actor.stop();
  });
});
