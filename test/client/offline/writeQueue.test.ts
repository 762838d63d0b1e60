import { http, HttpResponse } from 'msw';
import type { TodoAttributes } from '../../../src/shared/api-types';
import { createAppStore } from '../../../src/client/app/store';
import { replayApi } from '../../../src/client/offline/replayApi';
import { COPY_SUFFIX, type Send } from '../../../src/client/offline/replayWrite';
import {
  createWriteQueue,
  type NewWrite,
  type ReplayReport,
} from '../../../src/client/offline/writeQueue';
import { apiUrl, startMockApi } from '../support/mockApi';
import { server as msw } from '../support/mswServer';
import { createMemoryStore } from './memoryStore';

const ANN = 1;
const BOB = 2;
const at = '2026-11-25T09:00:00.000Z';
const seen = (title: string, extra: Partial<TodoAttributes> = {}): TodoAttributes => ({
  title,
  description: null,
  completed: false,
  createdAt: at,
  updatedAt: at,
  ...extra,
});

const add = (key: string, title: string, tempId: number): NewWrite => ({
  key,
  method: 'POST',
  path: 'todos/',
  body: { data: { title } },
  todoId: tempId,
});
const edit = (
  key: string,
  id: number,
  data: Record<string, unknown>,
  base?: TodoAttributes,
): NewWrite => ({ key, method: 'PUT', path: `todos/${id}`, body: { data }, todoId: id, base });

/**
 * The mock API as the queue meets it: writes sent the way the app sends them (the replay endpoint of
 * the API's store, with their Idempotency-Key), and a switch that drops the network.
 */
function mockServer() {
  const api = startMockApi();
  const appStore = createAppStore({ getToken: () => 'jwt-test', onUnauthorized: () => {} });
  let online = true;
  msw.use(http.all(apiUrl('*'), () => (online ? undefined : HttpResponse.error())));
  const send: Send = (request) =>
    appStore.dispatch(replayApi.endpoints.sendQueuedWrite.initiate(request)).unwrap();
  return {
    send,
    setOnline: (value: boolean) => void (online = value),
    /** The todos on the server: their attributes, oldest first. */
    titles: () => api.todos.map((todo) => todo.attributes.title),
    attributes: () => api.todos.map((todo) => todo.attributes),
    get requests() {
      return api.requests.map((request) => ({
        method: request.method,
        path: request.url.pathname.replace(/^\/api\//, ''),
        key: request.headers.get('idempotency-key') ?? undefined,
      }));
    },
    /** A todo created on another device. */
    create: (title: string) => api.insert({ title }),
  };
}

function setUp() {
  const store = createMemoryStore();
  const server = mockServer();
  const notices: string[] = [];
  const refusals: string[] = [];
  const report: ReplayReport = {
    notice: (message) => notices.push(message),
    refused: (message) => refusals.push(message),
  };
  return { store, server, notices, refusals, report };
}

describe('the offline write queue', () => {
  it('replays in the order the writes were made, each with its own key, also from a queue read again after a reload', async () => {
    const { store, server, report } = setUp();
    const first = createWriteQueue(store);
    await first.load(ANN);
    await first.enqueue(add('k1', 'One', -1));
    await first.enqueue(add('k2', 'Two', -2));
    await first.enqueue(edit('k3', -1, { title: 'One, edited' }));

    const afterReload = createWriteQueue(store); // the tab was closed and opened again
    await afterReload.load(ANN);
    expect(afterReload.getWrites().map((write) => write.key)).toEqual(['k1', 'k2', 'k3']);
    expect(await afterReload.replay(server.send, report)).toEqual({ sent: 3, stopped: false });

    expect(server.requests.map(({ method, path, key }) => `${method} ${path} ${key}`)).toEqual([
      'POST todos/ k1',
      'POST todos/ k2',
      'PUT todos/1 k3',
    ]);
    expect(server.titles()).toEqual(['One, edited', 'Two']);
    expect(afterReload.getWrites()).toEqual([]);
    expect(store.rows.size).toBe(0);
  });

  it('stops at a write that gets no answer, keeps it and the rest, and sends each once when the network is back', async () => {
    const { store, server, report } = setUp();
    const queue = createWriteQueue(store);
    await queue.load(ANN);
    await queue.enqueue(add('k1', 'One', -1));
    await queue.enqueue(add('k2', 'Two', -2));
    server.setOnline(false);
    expect(await queue.replay(server.send, report)).toEqual({ sent: 0, stopped: true });
    expect(server.requests).toHaveLength(1); // the second was not tried after the first failed
    expect(queue.getWrites().map((write) => write.key)).toEqual(['k1', 'k2']);

    server.setOnline(true);
    await queue.replay(server.send, report);
    await queue.replay(server.send, report); // a second replay finds nothing to send
    expect(server.titles()).toEqual(['One', 'Two']);
  });

  it("keeps each user's writes to that user: another user neither sees nor sends them", async () => {
    const { store, server, report } = setUp();
    const queue = createWriteQueue(store);
    await queue.load(ANN);
    await queue.enqueue(add('ann', "Ann's", -1));
    await queue.load(BOB);
    expect(queue.getWrites()).toEqual([]);
    await queue.replay(server.send, report);
    expect(server.requests).toEqual([]);
    await queue.whenEmpty(); // Bob has nothing waiting: an update may go ahead

    await queue.load(ANN);
    expect(queue.getWrites().map((write) => write.key)).toEqual(['ann']);
  });

  it('an edit of a todo deleted elsewhere is created again as a new todo, with a key of its own', async () => {
    const { store, server, notices, report } = setUp();
    const queue = createWriteQueue(store);
    await queue.load(ANN);
    await queue.enqueue(edit('k1', 41, { title: 'Mine' }, seen('Theirs')));
    await queue.replay(server.send, report);
    expect(server.attributes()).toMatchObject([{ title: 'Mine' }]);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', key: 'k1:recreate' });
    expect(notices).toEqual(['"Mine" was deleted elsewhere: your version is kept as a new todo.']);
  });

  it('an edit of a title changed elsewhere keeps both: theirs in the todo, mine as a copy', async () => {
    const { store, server, notices, report } = setUp();
    const data = server.create('Draft');
    data.attributes.title = 'Draft (their edit)';
    const queue = createWriteQueue(store);
    await queue.load(ANN);
    await queue.enqueue(edit('k1', data.id, { title: 'Draft (my edit)' }, seen('Draft')));
    await queue.replay(server.send, report);
    expect(server.titles()).toEqual(['Draft (their edit)', `Draft (my edit)${COPY_SUFFIX}`]);
    expect(notices).toEqual([
      `"Draft (their edit)" was changed elsewhere: your version is kept as "Draft (my edit)${COPY_SUFFIX}".`,
    ]);
  });

  it('a change elsewhere to another field is no conflict: the queued tick is applied to the todo', async () => {
    const { store, server, notices, report } = setUp();
    const data = server.create('Walk');
    data.attributes.title = 'Walk the dog';
    const queue = createWriteQueue(store);
    await queue.load(ANN);
    await queue.enqueue(edit('k1', data.id, { completed: true }, seen('Walk')));
    await queue.replay(server.send, report);
    expect(server.attributes()).toMatchObject([{ title: 'Walk the dog', completed: true }]);
    expect(notices).toEqual([]);
  });

  it('a write the server refuses stays, with its message, is not sent again and does not hold back an update', async () => {
    const { store, server, refusals, report } = setUp();
    const queue = createWriteQueue(store);
    await queue.load(ANN);
    await queue.enqueue(add('k1', '', -1));
    await queue.enqueue(add('k2', 'Fine', -2));
    await queue.replay(server.send, report);
    expect(refusals).toEqual(['Title is required']);
    expect(queue.getWrites()).toMatchObject([{ key: 'k1', error: 'Title is required' }]);
    await queue.whenEmpty();
    await queue.replay(server.send, report);
    expect(server.requests.filter((request) => request.key === 'k1')).toHaveLength(1);
    await queue.discard(queue.getWrites()[0]!.seq!);
    expect(queue.getWrites()).toEqual([]);
  });

  it('whenEmpty waits until the last queued write has reached the server', async () => {
    const { store, server, report } = setUp();
    const queue = createWriteQueue(store);
    await queue.load(ANN);
    await queue.enqueue(add('k1', 'One', -1));
    let idle = false;
    void queue.whenEmpty().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    await queue.replay(server.send, report);
    await Promise.resolve();
    expect(idle).toBe(true);
  });
});
