/** A tiny todo server for the queue's tests: Idempotency-Keys, 404s, and a switch to drop the network. */
import type { TodoAttributes } from '../../../src/shared/api-types';
import type { Send, SendRequest, SendResult } from '../../../src/client/offline/replayWrite';

export function createFakeServer() {
  const todos = new Map<number, TodoAttributes>();
  const answered = new Map<string, SendResult>();
  const requests: SendRequest[] = [];
  let nextId = 1;
  let online = true;
  const at = '2026-11-25T10:00:00.000Z';
  const entity = (id: number) => ({ data: { id, attributes: todos.get(id) } });

  function handle({ method, path, body }: SendRequest): SendResult {
    const id = Number(path.split('/')[1]);
    const data = (body as { data?: Partial<TodoAttributes> } | undefined)?.data ?? {};
    if (method === 'POST') {
      if (!data.title) return { status: 400, data: { error: { message: 'Title is required' } } };
      todos.set(nextId, {
        title: data.title,
        description: data.description ?? null,
        completed: data.completed ?? false,
        createdAt: at,
        updatedAt: at,
      });
      return { status: 200, data: entity(nextId++) };
    }
    if (!todos.has(id)) return { status: 404, data: { error: { message: 'Not Found' } } };
    if (method === 'PUT') todos.set(id, { ...todos.get(id)!, ...data });
    const answer = { status: 200, data: entity(id) };
    if (method === 'DELETE') todos.delete(id);
    return answer;
  }

  const send: Send = async (request) => {
    requests.push(request);
    if (!online) return { status: 0 };
    if (request.key && answered.has(request.key)) return answered.get(request.key)!;
    const answer = handle(request);
    if (request.key && answer.status < 300) answered.set(request.key, answer);
    return answer;
  };

  return {
    todos,
    requests,
    send,
    setOnline: (value: boolean) => void (online = value),
    /** A change made on another device. */
    create(title: string) {
      return handle({ method: 'POST', path: 'todos', body: { data: { title } } }).data as {
        data: { id: number };
      };
    },
  };
}
