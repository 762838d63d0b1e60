/** Which event each write of this tab causes on the live stream (its echo), as the server sends it. */
import { echoOf } from '../../../src/client/live/ownWrites';

const answered = (data: unknown, headers: Record<string, string> = {}) => ({
  data,
  meta: {
    request: new Request('http://ticklist.test/api'),
    response: new Response(null, { headers }),
  },
});

describe('the echo of a write', () => {
  it('an add is created with the id of its answer; an edit updated, a delete deleted, a restore created', () => {
    expect(echoOf({ url: 'todos/', method: 'POST' }, answered({ data: { id: 12 } }))).toEqual({
      action: 'created',
      ids: [12],
    });
    expect(echoOf({ url: 'todos/5?scope=following', method: 'PUT' }, answered(null))).toEqual({
      action: 'updated',
      ids: [5],
    });
    expect(echoOf({ url: 'todos/5', method: 'DELETE' }, answered(null))).toEqual({
      action: 'deleted',
      ids: [5],
    });
    expect(echoOf({ url: 'todos/5/restore', method: 'POST' }, answered(null))).toEqual({
      action: 'created',
      ids: [5],
    });
  });

  it('a project’s write is its project.* event: create and restore created, edit updated, delete deleted', () => {
    const echo = (url: string, method: string, data: unknown = null) =>
      echoOf({ url, method }, answered(data as never));
    expect(echo('projects', 'POST', { data: { id: 3 } })).toEqual({
      action: 'project.created',
      ids: [3],
    });
    expect(echo('projects/3', 'PUT')).toEqual({ action: 'project.updated', ids: [3] });
    expect(echo('projects/3', 'DELETE')).toEqual({ action: 'project.deleted', ids: [3] });
    expect(echo('projects/3/restore', 'POST')).toEqual({ action: 'project.created', ids: [3] });
  });

  it('a bulk action names its todos when all of them changed, and is unknown when fewer did', () => {
    const bulk = (action: string) => ({
      url: 'todos/bulk',
      method: 'POST',
      body: { action, ids: [4, 2] },
    });
    expect(echoOf(bulk('complete'), answered({ data: { count: 2 } }))).toEqual({
      action: 'updated',
      ids: [4, 2],
    });
    expect(echoOf(bulk('restore'), answered({ data: { count: 2 } }))?.action).toBe('created');
    expect(echoOf(bulk('delete'), answered({ data: { count: 2 } }))?.action).toBe('deleted');
    expect(echoOf(bulk('complete'), answered({ data: { count: 1 } }))).toBeUndefined();
  });

  it('none for a failed write, an idempotency replay (its event went out the first time) or other writes', () => {
    const add = { url: 'todos/', method: 'POST' };
    expect(echoOf(add, { error: { status: 500, data: null } })).toBeUndefined();
    expect(
      echoOf(add, answered({ data: { id: 12 } }, { 'idempotent-replayed': 'true' })),
    ).toBeUndefined();
    expect(echoOf({ url: 'todos/trash', method: 'DELETE' }, answered(null))).toBeUndefined();
    expect(echoOf({ url: 'users/me/import', method: 'POST' }, answered(null))).toBeUndefined();
    expect(echoOf({ url: 'auth/logout-all', method: 'POST' }, answered(null))).toBeUndefined();
  });
});
