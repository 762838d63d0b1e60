/**
 * The app's one session actor. It is created and started once, by the composition root
 * (main.tsx), before React renders, and lives as long as the page. Not in a React effect: under
 * StrictMode (development) React runs a mount's effects twice, and an actor stopped and started
 * again there runs the call it has in flight again (a registration would go out twice).
 */
import { enqueueSnackbar } from 'notistack';
import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { sessionMachine } from './sessionMachine';
import type { ToastVariant } from './sessionTypes';

export type SessionLogic = typeof sessionMachine;
export type SessionActorRef = ActorRefFrom<SessionLogic>;
export type SessionSnapshot = SnapshotFrom<SessionLogic>;
export type Notify = (message: string, variant: ToastVariant) => void;

export interface SessionOptions {
  /** Client-side navigation. */
  navigate(to: string): void;
  /** Shows a toast; notistack's by default (durations are set by the app's toast provider). */
  notify?: Notify;
  /** Another implementation of the machine (tests swap the API calls). */
  logic?: SessionLogic;
}

export function startSession({
  navigate,
  notify = (message, variant) => enqueueSnackbar(message, { variant }),
  logic = sessionMachine,
}: SessionOptions): SessionActorRef {
  return createActor(
    logic.provide({
      actions: {
        navigate: (_, params) => navigate(params.to),
        notify: (_, params) => notify(params.message, params.variant),
      },
    }),
  ).start();
}
