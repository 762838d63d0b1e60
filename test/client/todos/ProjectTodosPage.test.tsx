/**
 * A project's page and the Inbox on the mock API: the same list as /todos, narrowed to the scope,
 * with the project's name as the heading; todos added there (dialog or quick add) go into it; the
 * dialog's Project select moves a todo; the selection bar moves todos and puts a label on them or
 * takes it off; an id that is no project of the user is the 404 page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InboxPage from '../../../src/client/todos/InboxPage';
import ProjectTodosPage from '../../../src/client/todos/ProjectTodosPage';
import { todosApi } from '../../../src/client/todos/todosApi';
import { startMockApi, type MockApi } from '../support/mockApi';
import { renderRoute } from './support/render';

jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com' }),
  useSessionActor: () => ({ send: jest.fn() }),
}));

let api: MockApi;
let cleanupStore: (() => void) | undefined;
let work: number;
let home: number;

beforeEach(() => {
  api = startMockApi();
  work = api.backend.projects.insert(7, { name: 'Work', color: '#db4035' }).id;
  home = api.backend.projects.insert(7, { name: 'Home' }).id;
  api.insert({ title: 'Pay the plumber' });
  api.insert({ title: 'Write the report', projectId: work });
  api.insert({ title: 'Mow the lawn', projectId: home });
});
afterEach(() => {
  cleanupStore?.();
  localStorage.clear();
});

function open(Page: React.ComponentType, entry: string, path: string) {
  const view = renderRoute(Page, entry, undefined, path);
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}
const openProject = (id: number) => open(ProjectTodosPage, `/projects/${id}`, '/projects/:id');
const titles = () =>
  screen.queryAllByTestId('todo-row').map((row) => within(row).getByRole('heading').textContent);
const lastListQuery = () => api.requestsTo('GET', '/api/todos').at(-1)!.url.searchParams;

describe('a project’s page', () => {
  it('is headed by the project’s name and lists its todos only', async () => {
    openProject(work);
    expect(await screen.findByRole('heading', { level: 1, name: 'Work' })).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Write the report']));
    expect(lastListQuery().get('filters[project][id][$eq]')).toBe(String(work));
  });

  it('is in "Your order" by default, each row with its handle; another sort has none', async () => {
    const { user } = openProject(work);
    expect(
      await screen.findByRole('button', { name: 'Reorder Write the report' }),
    ).toBeInTheDocument();
    expect(lastListQuery().get('sort')).toBe('position:asc');
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(sortBy).getByRole('option', { selected: true })).toHaveTextContent('Your order');
    await user.selectOptions(sortBy, 'Title');
    await waitFor(() => expect(lastListQuery().get('sort')).toBe('title:asc'));
    expect(screen.queryByRole('button', { name: /^Reorder/ })).not.toBeInTheDocument();
  });

  it('adds a todo into the project from the dialog, whose Project select starts there', async () => {
    const { user } = openProject(work);
    await screen.findByText('Write the report');
    await user.click(screen.getByRole('button', { name: 'Add todo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Todo' });
    const select = within(dialog).getByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(select).toHaveValue(String(work)));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Inbox', 'Work', 'Home']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Email Bob');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await screen.findByText('Todo added successfully!');
    expect(api.requestsTo('POST', '/api/todos')[0]!.body).toMatchObject({
      data: { title: 'Email Bob', project: work },
    });
    await waitFor(() => expect(titles()).toEqual(['Write the report', 'Email Bob']));
  });

  it('adds from quick add into the project, unless a #name names another', async () => {
    const { user } = openProject(work);
    await screen.findByText('Write the report');
    const field = screen.getByRole('textbox', { name: 'Quick add' });
    await user.type(field, 'Call Ann{Enter}');
    await screen.findByText('Todo added successfully!');
    await user.type(field, 'Buy bulbs #HOME{Enter}');
    await waitFor(() => expect(api.requestsTo('POST', '/api/todos')).toHaveLength(2));
    expect(api.requestsTo('POST', '/api/todos').map((request) => request.body)).toEqual([
      { data: { title: 'Call Ann', description: '', project: work, user: 7 } },
      { data: { title: 'Buy bulbs', description: '', project: home, user: 7 } },
    ]);
  });

  it('is the not-found page for an id that is no project of the user', async () => {
    openProject(999);
    expect(
      await screen.findByText('Oops! The page you’re looking for doesn’t exist.'),
    ).toBeInTheDocument();
  });
});

describe('the Inbox', () => {
  it('lists the todos in no project; Edit’s Project select moves one into a project', async () => {
    const { user } = open(InboxPage, '/inbox', '/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    await waitFor(() => expect(titles()).toEqual(['Pay the plumber']));
    expect(lastListQuery().get('filters[project][id][$null]')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Edit Pay the plumber' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit this todo' });
    const select = within(dialog).getByRole('combobox', { name: 'Project' });
    expect(select).toHaveValue('');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, 'Home');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await screen.findByText('Todo updated successfully!');
    expect(api.requestsTo('PUT', '/api/todos')[0]!.body).toEqual({
      data: { title: 'Pay the plumber', description: '', project: home },
    });
    await waitFor(() => expect(titles()).toEqual([]));
  });
});

describe('moving the selection', () => {
  it('moves the selected todos to a project in one bulk call, and they leave the Inbox', async () => {
    api.insert({ title: 'Call the bank' });
    const { user } = open(InboxPage, '/inbox', '/inbox');
    await waitFor(() => expect(titles()).toEqual(['Pay the plumber', 'Call the bank']));
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Pay the plumber' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Call the bank' }));
    await user.click(screen.getByRole('button', { name: 'Move to…' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Inbox', 'Work', 'Home']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Home' }));
    expect(await screen.findByText('2 todos moved to Home')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/todos/bulk').map((request) => request.body)).toEqual([
      { action: 'move', ids: [1, 4], project: home },
    ]);
    await waitFor(() => expect(titles()).toEqual([]));
  });
});

describe('labelling the selection', () => {
  it('puts a label on the selected todos in one bulk call, and takes it off again', async () => {
    const errands = api.backend.labels.insert(7, { name: 'Errands', color: '#db4035' }).id;
    api.backend.labels.insert(7, { name: 'home' });
    const call = api.insert({ title: 'Call the bank' });
    api.backend.labels.link(7, call.id, { set: [errands] });
    const { user } = open(InboxPage, '/inbox', '/inbox');
    const chipsOf = (title: string) =>
      within(
        screen
          .getAllByTestId('todo-row')
          .find((row) => within(row).getByRole('heading').textContent === title)!,
      )
        .queryAllByRole('listitem')
        .map((chip) => chip.textContent);
    await waitFor(() => expect(chipsOf('Call the bank')).toEqual(['Errands']));
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Pay the plumber' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Call the bank' }));

    // One of the two has Errands (mixed), none has home: choosing Errands puts it on both.
    await user.click(screen.getByRole('button', { name: 'Label…' }));
    let menu = await screen.findByRole('menu');
    const states = () =>
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => [item.textContent, item.getAttribute('aria-checked')]);
    expect(states()).toEqual([
      ['Errands', 'mixed'],
      ['home', 'false'],
    ]);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Errands' }));
    expect(await screen.findByText('2 todos labelled Errands')).toBeInTheDocument();
    await waitFor(() => expect(chipsOf('Pay the plumber')).toEqual(['Errands']));

    // Now both have it (checked): choosing it again takes it off both.
    await user.click(screen.getByRole('button', { name: 'Label…' }));
    menu = await screen.findByRole('menu');
    expect(states()[0]).toEqual(['Errands', 'true']);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Errands' }));
    expect(await screen.findByText('Label Errands removed from 2 todos')).toBeInTheDocument();
    await waitFor(() => expect(chipsOf('Call the bank')).toEqual([]));
    expect(chipsOf('Pay the plumber')).toEqual([]);
    expect(api.requestsTo('POST', '/api/todos/bulk').map((request) => request.body)).toEqual([
      { action: 'label', ids: [1, call.id], label: errands },
      { action: 'unlabel', ids: [1, call.id], label: errands },
    ]);
  });
});
