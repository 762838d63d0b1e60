/**
 * Runs the session actor and hands it to the session store (see sessionStore.ts). Loaded when the
 * actor is first wanted, with XState and the machine.
 *
 * The actor is made once and lives until the host really unmounts. Not @xstate/react's
 * useActorRef: under StrictMode (development) React mounts effects twice, and useActorRef then
 * stops the actor and starts it again from a snapshot, which runs an invoked call again (a
 * registration went out twice, the second refused as taken). Here the first cleanup only
 * schedules the stop, and the second mount cancels it.
 */
import { useEffect, useRef, useState } from 'react';
import { createActor } from 'xstate';
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
  const handlers = useRef({ navigate, notify });
  useEffect(() => {
    handlers.current = { navigate, notify };
  });
  const [actor] = useState(() =>
    createActor(
      logic.provide({
        actions: {
          navigate: (_, params) => handlers.current.navigate(params.to),
          notify: (_, params) => handlers.current.notify(params.message, params.variant),
        },
      }),
    ),
  );
  const pendingStop = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(pendingStop.current);
    actor.start(); // a second start of a running actor does nothing
    const detach = store.attach(actor, viewOf);
    return () => {
      detach();
      pendingStop.current = setTimeout(() => actor.stop());
    };
  }, [store, actor]);
  return null;
}
