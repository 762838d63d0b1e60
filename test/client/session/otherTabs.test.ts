/**
 * The session follows the other tabs: another tab's logout signs this one out (and sends it to
 * /login), another tab's login signs this one in. The other tab is a same-origin iframe, whose
 * localStorage is shared with the page and whose writes fire real `storage` events here.
 */
import { waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import type { Session } from '../../../src/shared/api-types';
import type { LoginForm, RegisterForm } from '../../../src/shared/schemas';
import { sessionMachine } from '../../../src/client/session/sessionMachine';
import { LOGOUT_REDIRECT_MS } from '../../../src/client/session/sessionMessages';
import type { ToastVariant } from '../../../src/client/session/sessionTypes';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { aSession, deferred } from './fixtures';

const alice = aSession({ username: 'alice' });
const bob: Session = {
  ...aSession({ id: 8, username: 'bob', email: 'bob@example.com' }),
  jwt: 'jwt-bob',
};
const credentials: LoginForm = { identifier: 'carol@example.com', password: 'Secret1!' };

function start(fakes: { logIn?: () => Promise<Session>; logOut?: () => Promise<void> } = {}) {
  const navigate = jest.fn<void, [string]>();
  const toasts: Array<{ message: string; variant: ToastVariant }> = [];
  const logIn = jest.fn(fakes.logIn ?? (() => Promise.resolve(aSession({ username: 'carol' }))));
  const logOut = jest.fn(fakes.logOut ?? (() => Promise.resolve()));
  const register = jest.fn(() => Promise.resolve(alice));
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        logIn: fromPromise(() => logIn()),
        register: fromPromise((_: { input: RegisterForm }) => register()),
        logOut: fromPromise((_: { input: { jwt: string } }) => logOut()),
      },
      actions: {
        navigate: (_, params) => navigate(params.to),
        notify: (_, params) => toasts.push(params),
      },
    }),
  );
  const emitted: string[] = [];
  actor.on('session.started', () => emitted.push('started'));
  actor.on('session.ended', (event) => emitted.push(`ended:${event.reason}`));
  actor.start();
  actors.push(actor);
  return { actor, navigate, toasts, logIn, logOut, emitted };
}

let actors: Array<{ stop(): void }> = [];
let frames: HTMLIFrameElement[] = [];

/** Another tab of the same origin: its localStorage is ours, and its writes fire `storage` here. */
function otherTab(): Storage {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  frames.push(frame);
  return frame.contentWindow!.localStorage;
}

const inState = (
  actor: ReturnType<typeof start>['actor'],
  state: Parameters<ReturnType<typeof actor.getSnapshot>['matches']>[0],
) => waitFor(() => expect(actor.getSnapshot().matches(state)).toBe(true));

/** Gives a `storage` event that is not coming (a change this test expects to be ignored) time to arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => localStorage.clear());

afterEach(() => {
  for (const actor of actors) actor.stop();
  for (const frame of frames) frame.remove();
  actors = [];
  frames = [];
  jest.restoreAllMocks();
});

describe('another tab logs out', () => {
  it('signs this tab out and sends it to /login, announcing a logout (the app resets its cache)', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(alice));
    const { actor, navigate, toasts, logOut, emitted } = start();
    const removeItem = jest.spyOn(Storage.prototype, 'removeItem');
    otherTab().removeItem(SESSION_STORAGE_KEY);
    removeItem.mockClear();
    await inState(actor, { auth: { signedOut: 'idle' } });
    expect(actor.getSnapshot().context).toEqual({
      session: undefined,
      endedBy: 'logout',
      registrationErrors: {},
    });
    expect(emitted).toEqual(['ended:logout']);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(logOut).not.toHaveBeenCalled(); // that tab revoked the token already
    expect(toasts).toEqual([]);
    expect(removeItem).not.toHaveBeenCalled(); // nothing written back, nothing to bounce
  });

  it('also when that tab clears the whole storage, or leaves something unreadable', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(alice));
    const first = start();
    otherTab().clear();
    await inState(first.actor, { auth: 'signedOut' });

    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(alice));
    const second = start();
    otherTab().setItem(SESSION_STORAGE_KEY, '{"jwt":');
    await inState(second.actor, { auth: 'signedOut' });
    expect(second.navigate).toHaveBeenCalledWith('/login');
  });

  it('leaves a tab that is logging out itself to finish its own logout', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(alice));
    const pending = deferred<void>();
    const { actor, toasts, navigate, logOut, emitted } = start({ logOut: () => pending.promise });
    actor.send({ type: 'session.logout' });
    otherTab().removeItem(SESSION_STORAGE_KEY);
    await settle();
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'loggingOut' } })).toBe(true);
    pending.resolve();
    await inState(actor, { auth: { signedOut: 'leaving' } });
    expect(logOut).toHaveBeenCalledTimes(1);
    expect(toasts.map((toast) => toast.message)).toEqual(['Logout successful! Redirecting...']);
    expect(emitted).toEqual(['ended:logout']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('changes nothing in a tab that is signed out already', async () => {
    const { actor, navigate, emitted } = start();
    const tab = otherTab();
    tab.setItem('something-else', '1');
    tab.removeItem(SESSION_STORAGE_KEY);
    await settle();
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(emitted).toEqual([]);
  });
});

describe('the server ends this token before another tab removes it (the live stream is refused)', () => {
  it('signs this tab out to /login like a logout elsewhere, and removes the dead session for every tab', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(alice));
    const { actor, navigate, toasts, logOut, emitted } = start();
    const tab = otherTab();
    actor.send({ type: 'session.revoked', jwt: alice.jwt });
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.endedBy).toBe('logout');
    expect(emitted).toEqual(['ended:logout']);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(logOut).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
    expect(tab.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // The other tab's own removal, when its logout answer comes, finds nothing left to do here.
    tab.removeItem(SESSION_STORAGE_KEY);
    await settle();
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(emitted).toEqual(['ended:logout']);
  });

  it('keeps a session another tab has stored since, and ignores a stream of a token this tab no longer holds', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(alice));
    const first = start();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(bob)); // written here: no storage event
    first.actor.send({ type: 'session.revoked', jwt: alice.jwt });
    expect(first.actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(bob);

    const second = start();
    second.actor.send({ type: 'session.revoked', jwt: alice.jwt });
    expect(second.actor.getSnapshot().matches({ auth: { signedIn: 'active' } })).toBe(true);
    expect(second.actor.getSnapshot().context.session).toEqual(bob);
    expect(second.navigate).not.toHaveBeenCalled();
  });
});

describe('another tab logs in', () => {
  it('signs this tab in as that user, announcing a start (the app resets its cache), without an API call or a toast', async () => {
    const { actor, toasts, logIn, navigate, emitted } = start();
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    otherTab().setItem(SESSION_STORAGE_KEY, JSON.stringify(bob));
    setItem.mockClear();
    await inState(actor, { auth: { signedIn: 'active' } });
    expect(actor.getSnapshot().context).toEqual({
      session: bob,
      endedBy: undefined,
      registrationErrors: {},
    });
    expect(emitted).toEqual(['started']);
    expect(logIn).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
    expect(navigate).not.toHaveBeenCalled(); // the /login guard sends a tab there to /
    expect(setItem).not.toHaveBeenCalled();
  });

  it('cancels the redirect of a tab that has just logged out', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(alice));
      const { actor, navigate } = start();
      actor.send({ type: 'session.logout' });
      await jest.requireActual<typeof import('timers/promises')>('timers/promises').setImmediate();
      expect(actor.getSnapshot().matches({ auth: { signedOut: 'leaving' } })).toBe(true);
      // What the other tab's write fires here (the browser does this).
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(bob));
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: SESSION_STORAGE_KEY,
          newValue: JSON.stringify(bob),
          storageArea: localStorage,
        }),
      );
      expect(actor.getSnapshot().matches({ auth: { signedIn: 'active' } })).toBe(true);
      jest.advanceTimersByTime(LOGOUT_REDIRECT_MS * 2);
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('switches a signed-in tab to the other user, and ignores a rewrite of the same session', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(alice));
    const { actor, emitted } = start();
    const tab = otherTab();
    tab.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...alice, user: { ...alice.user, username: 'alice2' } }),
    );
    await waitFor(() => expect(actor.getSnapshot().context.session?.user.username).toBe('alice2'));
    expect(emitted).toEqual([]); // the same token: nothing cached needs to go
    tab.setItem(SESSION_STORAGE_KEY, JSON.stringify(bob));
    await waitFor(() => expect(actor.getSnapshot().context.session).toEqual(bob));
    expect(actor.getSnapshot().matches({ auth: { signedIn: 'active' } })).toBe(true);
    expect(emitted).toEqual(['started']);
  });

  it('does not interrupt a login running in this tab, which stores its own session', async () => {
    const pending = deferred<Session>();
    const { actor, emitted } = start({ logIn: () => pending.promise });
    actor.send({ type: 'session.login', credentials });
    otherTab().setItem(SESSION_STORAGE_KEY, JSON.stringify(bob));
    await settle();
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'loggingIn' } })).toBe(true);
    const carol = aSession({ username: 'carol' });
    pending.resolve(carol);
    await inState(actor, { auth: { signedIn: 'active' } });
    expect(actor.getSnapshot().context.session).toEqual(carol);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(carol);
    expect(emitted).toEqual(['started']);
  });
});

it('stops listening when the actor stops', async () => {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(alice));
  const { actor, navigate } = start();
  actor.stop();
  otherTab().removeItem(SESSION_STORAGE_KEY);
  await settle();
  expect(navigate).not.toHaveBeenCalled();
});
