/**
 * Session actors started as main.tsx starts the app's, with API calls the test controls. Each is
 * stopped after its test: in the app it lives as long as the page.
 */
import {
  startSession,
  type SessionActorRef,
  type SessionOptions,
} from '../../../src/client/session/sessionActor';
import { fakeSessionLogic, type FakeApi } from './fixtures';

const started: SessionActorRef[] = [];

afterEach(() => started.splice(0).forEach((actor) => actor.stop()));

export function startFakeSession({
  api = {},
  navigate = () => {},
  notify = () => {},
}: { api?: FakeApi } & Partial<Pick<SessionOptions, 'navigate' | 'notify'>> = {}) {
  const actor = startSession({ logic: fakeSessionLogic(api), navigate, notify });
  started.push(actor);
  return actor;
}
