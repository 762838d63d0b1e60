/**
 * Reordering a page of todos ("Your order"): the page's todos take the positions they held, in the
 * new order, and only those whose position changes are PUT; equal positions (a Strapi backend's)
 * are spread first; the cached page shows the new order at once and the server keeps it.
 */
import type { TodoEntity } from '../../../src/shared/api-types';
import { positionsInSlots } from '../../../src/client/lib/reorder';
import { reorderApi } from '../../../src/client/todos/reorder/reorderApi';
import { todosApi } from '../../../src/client/todos/todosApi';
import { DEFAULT_VIEW, type TodoQuery } from '../../../src/client/todos/view';
import { makeStore } from './support/render';
import { startMockApi } from '../support/mockApi';

const todo = (id: number, position: number) =>
  ({ id, attributes: { title: `T${id}`, position } }) as TodoEntity;
const placed = (moved: TodoEntity[]) =>
  positionsInSlots(moved, (entry) => entry.attributes.position ?? 0).map(({ item, position }) => [
    item.id,
    position,
  ]);

test('the moved todos take the positions the page held; unchanged ones are left out', () => {
  const [a, b, c, d] = [todo(1, 10), todo(2, 20), todo(3, 35), todo(4, 40)];
  // D to the top: every position shifts one slot down.
  expect(placed([d!, a!, b!, c!])).toEqual([
    [4, 10],
    [1, 20],
    [2, 35],
    [3, 40],
  ]);
  // B and C swap: A and D keep theirs.
  expect(placed([a!, c!, b!, d!])).toEqual([
    [3, 20],
    [2, 35],
  ]);
});

test('equal positions are spread one apart so that the new order is kept', () => {
  expect(placed([todo(2, 0), todo(1, 0), todo(3, 0)])).toEqual([
    [1, 1],
    [3, 2],
  ]);
});

test('a drop PUTs the changed positions, shows the new order at once, and the server keeps it', async () => {
  const api = startMockApi();
  const project = api.backend.projects.insert(7, { name: 'Work' }).id;
  for (const title of ['A', 'B', 'C']) api.insert({ title, projectId: project });
  const store = makeStore();
  const query: TodoQuery = { ...DEFAULT_VIEW, sort: 'position', project };
  const { data } = await store.dispatch(todosApi.endpoints.getTodos.initiate(query));
  const [a, b, c] = data!.todos;
  const titles = () =>
    todosApi.endpoints.getTodos
      .select(query)(store.getState())
      .data?.todos.map((entry) => entry.attributes.title);
  const reordering = store.dispatch(
    reorderApi.endpoints.reorderTodos.initiate({ query, moved: [c!, a!, b!] }),
  );
  expect(titles()).toEqual(['C', 'A', 'B']);
  await reordering.unwrap();
  expect(api.requestsTo('PUT').map((request) => [request.url.pathname, request.body])).toEqual([
    [`/api/todos/${c!.id}`, { data: { position: a!.attributes.position } }],
    [`/api/todos/${a!.id}`, { data: { position: b!.attributes.position } }],
    [`/api/todos/${b!.id}`, { data: { position: c!.attributes.position } }],
  ]);
  const params = new URLSearchParams(`filters[project][id][$eq]=${project}&sort=position:asc`);
  expect(api.list(params).data.map((entry) => entry.attributes.title)).toEqual(['C', 'A', 'B']);
});
