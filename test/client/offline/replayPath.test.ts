/**
 * A queued write naming a project is replayed with onMissingProject=inbox, so a todo moved offline to
 * a project deleted meanwhile lands in the Inbox instead of being refused (README: Projects); one
 * naming a parent with onMissingParent=root, so a subtask whose parent was deleted becomes a root;
 * one naming labels with onMissingLabel=drop, so a label deleted meanwhile is left off (README: Labels).
 */
import { replayPath, replayWrite, type SendRequest } from '../../../src/client/offline/replayWrite';
import type { QueuedWrite } from '../../../src/client/offline/writeTypes';

const write = (
  method: QueuedWrite['method'],
  path: string,
  data?: Record<string, unknown>,
): QueuedWrite => ({
  key: 'k1',
  userId: 1,
  method,
  path,
  body: data && { data },
  createdAt: '2026-11-27T09:00:00.000Z',
  todoId: 7,
});

describe('the replay of a write naming a project', () => {
  it.each([
    [write('POST', 'todos/', { title: 'A', project: 3 }), 'todos/?onMissingProject=inbox'],
    [write('PUT', 'todos/7', { project: null }), 'todos/7?onMissingProject=inbox'],
    [
      write('PUT', 'todos/7?scope=following', { project: 3 }),
      'todos/7?scope=following&onMissingProject=inbox',
    ],
    [write('POST', 'todos/', { title: 'L', labels: [1, 2] }), 'todos/?onMissingLabel=drop'],
    // What the todo dialog and quick add send: the labels as a set.
    [write('POST', 'todos/', { title: 'Q', labels: { set: [4] } }), 'todos/?onMissingLabel=drop'],
    [write('PUT', 'todos/7', { labels: { set: [] } }), 'todos/7?onMissingLabel=drop'],
    [
      write('PUT', 'todos/7?scope=this', { project: 3, labels: { connect: [1] } }),
      'todos/7?scope=this&onMissingProject=inbox&onMissingLabel=drop',
    ],
    [write('PUT', 'todos/7', { title: 'B' }), 'todos/7'],
    [write('POST', 'todos/', { title: 'C' }), 'todos/'],
    [write('DELETE', 'todos/7'), 'todos/7'],
    [write('POST', 'todos/', { title: 'D', parent: 5 }), 'todos/?onMissingParent=root'],
    [write('PUT', 'todos/7', { parent: null }), 'todos/7?onMissingParent=root'],
    [
      write('PUT', 'todos/7?scope=this', { project: 3, parent: 5 }),
      'todos/7?scope=this&onMissingProject=inbox&onMissingParent=root',
    ],
    [
      write('POST', 'todos/', { title: 'E', project: 3, parent: 5, labels: [1] }),
      'todos/?onMissingProject=inbox&onMissingParent=root&onMissingLabel=drop',
    ],
  ])('%#: sends %j to %s', (queued, path) => {
    expect(replayPath(queued)).toBe(path);
  });

  it('is what replayWrite sends', async () => {
    const sent: SendRequest[] = [];
    const outcome = await replayWrite(
      write('POST', 'todos/', { title: 'A', project: 3 }),
      async (request) => {
        sent.push(request);
        return { status: 200, data: { data: { id: 9, attributes: {} } } };
      },
    );
    expect(outcome).toEqual({ kind: 'sent', id: 9 });
    expect(sent.map((request) => [request.method, request.path, request.key])).toEqual([
      ['POST', 'todos/?onMissingProject=inbox', 'k1'],
    ]);
  });
});
