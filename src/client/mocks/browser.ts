/**
 * `npm run dev:mock`: the mock API in the browser through MSW's service worker, so screens can be
 * worked on without a server. Only the dev server imports this (main.tsx, behind a build-time
 * constant), so no production build contains MSW. The data lives in the page: a reload starts again
 * from the demo data, keeping the stored session signed in.
 */
import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { API_BASE } from '../config';
import { readStoredSession } from '../session/storage';
import { createHandlers, MockBackend } from './handlers';

export const DEMO_ACCOUNT = { username: 'demo', email: 'demo@example.com', password: 'Demo123!' };

/**
 * A few todos in each state the screens show: done, open, overdue, due soon, recurring, each
 * priority; two projects and an archived one, with some of the todos in them.
 */
function addDemoTodos(backend: MockBackend, ownerId: number): void {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const home = backend.projects.insert(ownerId, { name: 'Home', color: '#299438' }).id;
  const work = backend.projects.insert(ownerId, { name: 'Work', color: '#1e90ff' }).id;
  backend.projects.insert(ownerId, { name: 'Old plans', archived: true });
  const todos = [
    { title: 'Buy milk', completed: true, projectId: home },
    {
      title: 'Call the plumber',
      projectId: home,
      description: 'About the kitchen tap',
      dueDate: day(-1),
      priority: 3 as const,
    },
    {
      title: 'Water the plants',
      dueDate: day(0),
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,TH',
      priority: 1 as const,
    },
    { title: 'Book the train to Lyon', dueDate: day(3), priority: 2 as const, projectId: work },
    ...Array.from({ length: 12 }, (_, index) => ({ title: `Sample todo ${index + 1}` })),
  ];
  for (const todo of todos) backend.todos.insert(ownerId, todo);
  const gone = backend.todos.insert(ownerId, { title: 'An old idea' });
  backend.todos.remove(ownerId, gone.id);
}

/**
 * The live event stream: it says it is ready and stays open, announcing nothing (this tab's own
 * writes refresh its lists; there is no other device).
 */
const quietEventStream = http.get(
  `${API_BASE}/todos/events`,
  () =>
    new HttpResponse(
      new ReadableStream({
        start: (stream) => stream.enqueue(new TextEncoder().encode('event: ready\ndata: {}\n\n')),
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    ),
);

export async function startMockApi(): Promise<void> {
  // Dated now, as a server would date them, rather than on the tests' fixed clock.
  const backend = new MockBackend(() => new Date().toISOString());
  const stored = readStoredSession();
  const user = backend.accounts.add({
    ...DEMO_ACCOUNT,
    ...(stored && { id: stored.user.id, username: stored.user.username, email: stored.user.email }),
  });
  if (stored) backend.accounts.issueToken(user.id, stored.jwt);
  addDemoTodos(backend, user.id);
  const worker = setupWorker(quietEventStream, ...createHandlers(backend, { base: API_BASE }));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: false });
  console.info(
    `Mock API: sign in as ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}, or register anyone.`,
  );
}
