/**
 * Subtasks on a Strapi backend (VITE_API_FLAVOR=strapi), which has the parent relation but no
 * `?subtasks=complete` and no trash: "Complete all" completes each open subtask, then the parent;
 * the delete dialog promises no Undo of the subtree.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TodosPage from '../../../src/client/todos/TodosPage';
import { todosApi } from '../../../src/client/todos/todosApi';
import { startMockApi, type MockApi } from '../support/mockApi';
import { renderRoute } from './support/render';

jest.mock('../../../src/client/config', () => ({
  API_BASE: 'http://strapi.test/api',
  clientConfig: { apiFlavor: 'strapi' },
}));
jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com', confirmed: true }),
  useSessionActor: () => ({ send: jest.fn() }),
}));

let api: MockApi;
let cleanupStore: (() => void) | undefined;

beforeEach(() => {
  api = startMockApi({ base: 'http://strapi.test/api' });
});

afterEach(() => {
  cleanupStore?.();
  localStorage.clear();
  sessionStorage.clear();
});

function open() {
  const view = renderRoute(TodosPage, '/todos');
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

function seed() {
  const parent = api.insert({ title: 'Move house' });
  const van = api.insert({ title: 'Hire a van', parentId: parent.id });
  const prices = api.insert({ title: 'Compare prices', parentId: van.id });
  return { parent, van, prices };
}

describe('subtasks on Strapi', () => {
  it('Complete all completes the open subtasks one by one, then the parent', async () => {
    const { parent, van, prices } = seed();
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Mark Move house as completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete this todo' });
    expect(dialog).toHaveTextContent('Complete its 2 open subtasks too?');
    await user.click(within(dialog).getByRole('button', { name: 'Complete all' }));
    await waitFor(() => expect(api.requestsTo('PUT')).toHaveLength(3));
    expect(
      api.requestsTo('PUT').map((request) => request.url.pathname + request.url.search),
    ).toEqual([van.id, prices.id, parent.id].map((id) => `/api/todos/${id}`));
    await waitFor(() => expect(api.todos.every((todo) => todo.attributes.completed)).toBe(true));
  });

  it('says nothing of an Undo for the subtasks: Strapi has no trash', async () => {
    seed();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Move house' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this todo' });
    expect(dialog).not.toHaveTextContent('subtasks');
  });
});
