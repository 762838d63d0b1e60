/**
 * Runs the session actor and hands it to the session store (see sessionStore.ts). Loaded when the
 * actor is first wanted, with XState and the machine.
 */
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { sessionMachine } from './sessionMachine';
import type { SessionActorRef, SessionLogic, SessionStore } from './sessionStore';
import type { ToastVariant } from './sessionTypes';
import { sessionView } from './sessionView';

export interface SessionActorHostProps {
  store: SessionStore;
  logic?: SessionLogic;
  navigate(to: string): void;
  notify(message: string, variant: ToastVariant): void;
}

const viewOf = (actor: SessionActorRef) => sessionView(actor.getSnapshot());

export default function SessionActorHost({
  store,
  logic = sessionMachine,
  navigate,
  notify,
}: SessionActorHostProps) {
  const actor = useActorRef(
    logic.provide({
      actions: {
        navigate: (_, params) => navigate(params.to),
        notify: (_, params) => notify(params.message, params.variant),
      },
    }),
  );
  // After useActorRef's own effect has started the actor.
  useEffect(() => store.attach(actor, viewOf), [store, actor]);
  return null;
}
