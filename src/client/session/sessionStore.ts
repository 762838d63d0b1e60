/**
 * What the components read of the session, and how their events reach the session actor.
 *
 * The actor (sessionMachine, run by SessionActorHost) is the one source of truth once it runs.
 * Its code (XState and the machine: 14 KB gzip) is fetched when it is first wanted: at once when a
 * session is stored (signed-in pages act on it), otherwise with the first event (login, register…), when a sign-in form is first used (`prepare`), or when another
 * tab stores a session. Until then the session is the stored one (none), which is exactly what the
 * machine's `restoring` state reads when it starts; events sent meanwhile wait and go to the actor
 * in order once it runs.
 */
import type { ActorRefFrom } from 'xstate';
import type { Session } from '../../shared/api-types';
import { createWantedFlag } from '../ui/wantedFlag';
import type { FieldMessages } from './authApi';
import type { sessionMachine } from './sessionMachine';
import type { SessionEmitted, SessionEndReason, SessionEvent } from './sessionTypes';

export type SessionLogic = typeof sessionMachine;
export type SessionActorRef = ActorRefFrom<SessionLogic>;

/** The session as the components see it. */
export interface SessionView {
  session: Session | undefined;
  /** How the last session ended: an expiry leaves the page that saw it up, to show its error. */
  endedBy: SessionEndReason | undefined;
  loggingIn: boolean;
  loggingOut: boolean;
  /** Just logged out: the toast is up and the redirect to / waits its 1000 ms. */
  leaving: boolean;
  registering: boolean;
  /** Registered, waiting for the redirect to /login. */
  registered: boolean;
  /** What the server refused in the last registration form, by field. */
  registrationErrors: FieldMessages;
}

const NO_FIELD_MESSAGES: FieldMessages = {};

/** The view before the actor runs: the stored session, nothing in flight. */
export const storedView = (session: Session | undefined): SessionView => ({
  session,
  endedBy: undefined,
  loggingIn: false,
  loggingOut: false,
  leaving: false,
  registering: false,
  registered: false,
  registrationErrors: NO_FIELD_MESSAGES,
});

type EmittedType = SessionEmitted['type'];
type EmittedHandler<T extends EmittedType> = (event: Extract<SessionEmitted, { type: T }>) => void;

export interface Subscription {
  unsubscribe(): void;
}

/** What components hold of the session: send it events, hear what it emits. */
export interface SessionHandle {
  send(event: SessionEvent): void;
  on<T extends EmittedType>(type: T, handler: EmittedHandler<T>): Subscription;
  /** Starts fetching the actor's code before an event needs it (a sign-in form is in use). */
  prepare(): void;
}

export interface SessionStore extends SessionHandle {
  getView(): SessionView;
  subscribe(listener: () => void): () => void;
  /** Whether the actor is wanted (SessionProvider then mounts its host). */
  isWanted(): boolean;
  subscribeWanted(listener: () => void): () => void;
  /** Called by the host once its actor runs; returns the detach function. */
  attach(actor: SessionActorRef, viewOf: (actor: SessionActorRef) => SessionView): () => void;
}

interface Listening {
  type: EmittedType;
  handler: (event: SessionEmitted) => void;
  subscription?: Subscription;
}

export function createSessionStore(stored: Session | undefined): SessionStore {
  let view = storedView(stored);
  let actor: SessionActorRef | undefined;
  const wanted = createWantedFlag(stored !== undefined);
  const waiting: SessionEvent[] = [];
  const listeners = new Set<() => void>();
  const listening = new Set<Listening>();

  const listen = (entry: Listening, to: SessionActorRef) => {
    entry.subscription = to.on(entry.type, entry.handler);
  };

  return {
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isWanted: wanted.isWanted,
    subscribeWanted: wanted.subscribe,
    prepare: wanted.want,
    send(event) {
      if (actor) {
        actor.send(event);
        return;
      }
      waiting.push(event);
      wanted.want();
    },
    on(type, handler) {
      const entry: Listening = { type, handler: handler as (event: SessionEmitted) => void };
      listening.add(entry);
      if (actor) listen(entry, actor);
      return {
        unsubscribe() {
          entry.subscription?.unsubscribe();
          listening.delete(entry);
        },
      };
    },
    attach(next, viewOf) {
      actor = next;
      const update = () => {
        view = viewOf(next);
        listeners.forEach((listener) => listener());
      };
      const subscription = next.subscribe(update);
      listening.forEach((entry) => listen(entry, next));
      update();
      waiting.splice(0).forEach((event) => next.send(event));
      return () => {
        subscription.unsubscribe();
        listening.forEach((entry) => {
          entry.subscription?.unsubscribe();
          entry.subscription = undefined;
        });
        if (actor === next) actor = undefined;
      };
    },
  };
}
