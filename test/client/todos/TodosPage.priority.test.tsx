/**
 * Priority on the list screen in jsdom, on the mock API (issue 41, item 3): the Priority field of
 * the add and edit dialogs, the rows' flags and their accessible names, Priority in Sort by, and
 * the Priority filter kept in the URL.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TodosPage, { NO_MATCH_TEXT } from '../../../src/client/todos/TodosPage';
import { todosApi } from '../../../src/client/todos/todosApi';
import { startMockApi, type MockApi } from '../support/mockApi';
import { renderRoute } from './support/render';

jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com', confirmed: true }),
  useSessionActor: () => ({ send: jest.fn() }),
}));

let api: MockApi;
let cleanupStore: (() => void) | undefined;

beforeEach(() => {
  api = startMockApi();
});

afterEach(() => {
  cleanupStore?.();
  localStorage.clear();
});

function open(path = '/todos') {
  const view = renderRoute(TodosPage, path);
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

const rows = () => screen.queryAllByTestId('todo-row');
const titles = () => rows().map((row) => within(row).getByRole('heading').textContent);
const FLAG_NAMES = ['High priority', 'Medium priority', 'Low priority'];
/** Each row's title and its flag's accessible name ('' for none). */
const flags = () =>
  rows().map((row) => [
    within(row).getByRole('heading').textContent,
    FLAG_NAMES.filter((name) => within(row).queryByRole('img', { name })).join(),
  ]);
const lastList = () =>
  api
    .requestsTo('GET')
    .filter((request) => request.url.pathname === '/api/todos')
    .at(-1)?.url.searchParams;

function seed() {
  api.insert({ title: 'Plain' });
  api.insert({ title: 'Urgent', priority: 3 });
  api.insert({ title: 'Someday', priority: 1 });
  api.insert({ title: 'Soon', priority: 2 });
  api.insert({ title: 'Also urgent', priority: 3 });
}

describe('priority flags on rows', () => {
  it('flags high, medium and low by name (read as "High priority"), and none not at all', async () => {
    seed();
    open();
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(flags()).toEqual([
      ['Plain', ''],
      ['Urgent', 'High priority'],
      ['Someday', 'Low priority'],
      ['Soon', 'Medium priority'],
      ['Also urgent', 'High priority'],
    ]);
    // The level's name is shown too, so the colour is not the only sign.
    const urgent = rows()[1]!;
    expect(within(urgent).getByTestId('todo-priority')).toHaveTextContent('High');
    expect(within(rows()[0]!).queryByTestId('todo-priority')).toBeNull();
  });
});

describe('sorting by priority', () => {
  it('offers Priority in Sort by; descending puts high first, ties newest first', async () => {
    seed();
    const { user, router } = open();
    await waitFor(() => expect(rows()).toHaveLength(5));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'priority');
    await user.selectOptions(screen.getByLabelText('Order'), 'desc');
    await waitFor(() =>
      expect(titles()).toEqual(['Also urgent', 'Urgent', 'Soon', 'Someday', 'Plain']),
    );
    expect(router.location.search).toBe('?sort=priority&order=desc');
    expect(lastList()?.get('sort')).toBe('priority:desc');
  });
});

describe('the priority filter', () => {
  it('narrows the list to one priority, keeps it in the URL, and goes back to page 1', async () => {
    seed();
    for (let index = 1; index <= 10; index += 1) api.insert({ title: `Filler ${index}` });
    const { user, router } = open('/todos?page=2');
    await waitFor(() => expect(rows()).toHaveLength(5));
    const filter = screen.getByLabelText('Priority');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'High', 'Medium', 'Low', 'None']);

    await user.selectOptions(filter, 'High');
    await waitFor(() => expect(titles()).toEqual(['Urgent', 'Also urgent']));
    expect(router.location.search).toBe('?priority=3');
    expect(lastList()?.get('filters[priority][$eq]')).toBe('3');
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();

    await user.selectOptions(filter, 'None');
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(router.location.search).toBe('?priority=0');
    expect(flags().every(([, flag]) => flag === '')).toBe(true);

    await user.selectOptions(filter, 'All');
    await waitFor(() => expect(router.location.search).toBe(''));
    expect(lastList()?.has('filters[priority][$eq]')).toBe(false);
  });

  it('is read from the URL (an unknown value is All) and says so when it hides everything', async () => {
    api.insert({ title: 'Plain' });
    const first = open('/todos?priority=2');
    expect(screen.getByLabelText('Priority')).toHaveValue('2');
    expect(await screen.findByText(NO_MATCH_TEXT)).toBeInTheDocument();
    first.unmount();
    cleanupStore?.();
    open('/todos?priority=urgent');
    expect(screen.getByLabelText('Priority')).toHaveValue('all');
    await waitFor(() => expect(titles()).toEqual(['Plain']));
  });
});

describe('the Priority field of the dialogs', () => {
  it('adds with None by default (nothing sent) or the chosen priority, sent as a number', async () => {
    const { user } = open();
    await screen.findByText('No todos available. Add your first todo!');
    await user.click(screen.getByRole('button', { name: 'Add todo' }));
    let dialog = screen.getByRole('dialog', { name: 'Add New Todo' });
    const field = within(dialog).getByLabelText('Priority');
    expect(field).toHaveValue('0');
    expect(
      within(field)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'Low', 'Medium', 'High']);
    await user.type(within(dialog).getByLabelText('Title'), 'Plain');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await screen.findByText('Todo added successfully!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo('POST')[0]?.body).toEqual({
      data: { title: 'Plain', description: '', user: 7 },
    });

    await user.click(screen.getByRole('button', { name: 'Add todo' }));
    dialog = screen.getByRole('dialog', { name: 'Add New Todo' });
    await user.type(within(dialog).getByLabelText('Title'), 'Call the bank');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'High');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.requestsTo('POST')).toHaveLength(2));
    expect(api.requestsTo('POST')[1]?.body).toEqual({
      data: { title: 'Call the bank', description: '', priority: 3, user: 7 },
    });
    await waitFor(() => expect(flags()).toContainEqual(['Call the bank', 'High priority']));
  });

  it('edits from the stored priority and puts only what changed', async () => {
    const todo = api.insert({ title: 'Soon', priority: 2 });
    const { user } = open();
    await waitFor(() => expect(flags()).toEqual([['Soon', 'Medium priority']]));
    await user.click(screen.getByRole('button', { name: 'Edit Soon' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit this todo' });
    const field = within(dialog).getByLabelText('Priority');
    expect(field).toHaveValue('2');
    await user.selectOptions(field, 'Low');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await screen.findByText('Todo updated successfully!');
    expect(api.requestsTo('PUT', `/api/todos/${todo.id}`)[0]?.body).toEqual({
      data: { title: 'Soon', description: '', priority: 1 },
    });
    await waitFor(() => expect(flags()).toEqual([['Soon', 'Low priority']]));
  });
});
