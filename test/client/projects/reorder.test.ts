/**
 * Reordering projects: the new order keeps archived projects in their slots; the reorder writes
 * only the positions that change (one PUT each); dnd-kit's announcements name the project and its
 * place, and the pickup is not drowned by its first "over" of its own place.
 */
import type { ProjectEntity } from '../../../src/shared/api-types';
import { reorderAnnouncements } from '../../../src/client/lib/reorder';
import { projectsApi } from '../../../src/client/projects/projectsApi';
import { moveProject } from '../../../src/client/projects/reorder';
import { makeStore } from '../todos/support/render';
import { startMockApi } from '../support/mockApi';

const project = (id: number, position: number, archived = false): ProjectEntity => ({
  id,
  attributes: {
    name: `P${id}`,
    color: '#808080',
    position,
    archived,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
});

test('a move among the shown projects leaves the archived ones where they were', () => {
  const all = [project(1, 0), project(2, 1, true), project(3, 2), project(4, 3)];
  const shown = all.filter((entry) => !entry.attributes.archived);
  expect(moveProject(all, shown, 2, 0).map((entry) => entry.id)).toEqual([4, 2, 1, 3]);
  expect(moveProject(all, shown, 0, 1).map((entry) => entry.id)).toEqual([3, 2, 1, 4]);
});

test('the reorder writes the positions that change, and the list shows the new order', async () => {
  const api = startMockApi();
  const ids = ['A', 'B', 'C'].map((name) => api.backend.projects.insert(7, { name }).id);
  const store = makeStore();
  const { data } = await store.dispatch(projectsApi.endpoints.getProjects.initiate());
  const moved = moveProject(data!, data!, 2, 0);
  await store.dispatch(projectsApi.endpoints.reorderProjects.initiate(moved)).unwrap();
  // C goes first: every position changes (0,1,2 → C0, A1, B2).
  expect(api.requestsTo('PUT', '/api/projects').map((request) => request.body)).toEqual([
    { data: { position: 0 } },
    { data: { position: 1 } },
    { data: { position: 2 } },
  ]);
  expect(api.backend.projects.live(7).map((entry) => entry.id)).toEqual([ids[2], ids[0], ids[1]]);
  const shown = projectsApi.endpoints.getProjects.select()(store.getState()).data;
  expect(shown?.map((entry) => entry.id)).toEqual([ids[2], ids[0], ids[1]]);
});

test('the announcements say which project is where, counted from 1', () => {
  const names: Record<number, string> = { 1: 'Work', 2: 'Home' };
  const places: Record<number, number> = { 1: 1, 2: 2 };
  const say = reorderAnnouncements(
    'project',
    (id) => names[Number(id)]!,
    (id) => places[Number(id)]!,
    2,
  );
  const active = { id: 2 } as never;
  const over = (id: number) => ({ id }) as never;
  expect(say.onDragStart({ active })).toBe('Picked up project Home, at position 2 of 2.');
  expect(say.onDragOver({ active, over: over(2) })).toBeUndefined();
  expect(say.onDragOver({ active, over: over(1) })).toBe('Project Home is now at position 1 of 2.');
  expect(say.onDragOver({ active, over: over(2) })).toBe('Project Home is now at position 2 of 2.');
  expect(say.onDragEnd({ active, over: over(1) })).toBe('Project Home dropped at position 1 of 2.');
  expect(say.onDragCancel({ active, over: null })).toBe(
    'Moving cancelled: project Home is back at position 2 of 2.',
  );
});
