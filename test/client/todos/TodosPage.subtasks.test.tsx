/**
 * Subtasks on the list screen in jsdom, on the mock API (issue 41, items 4 and 7): subtasks under
 * their parent with its "1/2" count, folded and unfolded (remembered in the session), the question
 * when completing a parent with open subtasks, Add subtask with the Parent field, a parent removed
 * in Edit, a parent given to a top-level todo in Edit, the delete dialog's word on the subtree, and a search that lists subtasks flat.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TodosPage from '../../../src/client/todos/TodosPage';
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
  sessionStorage.clear();
});

function open(path = '/todos') {
  const view = renderRoute(TodosPage, path);
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

/** Each row as "level title", the level being its heading's. */
const outline = () =>
  screen.queryAllByTestId('todo-row').map((row) => {
    const heading = within(row).getByRole('heading');
    return `${heading.tagName.toLowerCase()} ${heading.textContent}`;
  });
const rowOf = (title: string) =>
  screen
    .getAllByTestId('todo-row')
    .find((row) => within(row).getByRole('heading').textContent === title)!;
const progressOf = (title: string) => within(rowOf(title)).getByTestId('subtask-progress');
const writes = (method: string) => api.requestsTo(method);

/** A parent with two subtasks (one done, one with a subtask of its own) and a plain todo. */
function seed() {
  const parent = api.insert({ title: 'Move house' });
  api.insert({ title: 'Pack books', parentId: parent.id, completed: true });
  const rent = api.insert({ title: 'Hire a van', parentId: parent.id });
  api.insert({ title: 'Compare prices', parentId: rent.id });
  api.insert({ title: 'Water plants' });
  return parent;
}

describe('subtasks in the list', () => {
  it('lists top-level todos with their subtasks indented under them, their label chips and a done/total count', async () => {
    const parent = seed();
    const errands = api.backend.labels.insert(7, { name: 'Errands', color: '#db4035' }).id;
    const home = api.backend.labels.insert(7, { name: 'home' }).id;
    const [books, , prices] = api.todos.filter((todo) => todo.id !== parent.id);
    api.backend.labels.link(7, parent.id, { set: [home] });
    api.backend.labels.link(7, books!.id, { set: [errands, home] });
    api.backend.labels.link(7, prices!.id, { set: [errands] });
    open();
    await waitFor(() =>
      expect(outline()).toEqual([
        'h2 Move house',
        'h3 Pack books',
        'h3 Hire a van',
        'h4 Compare prices',
        'h2 Water plants',
      ]),
    );
    expect(progressOf('Move house')).toHaveTextContent('1/2 subtasks done');
    expect(progressOf('Hire a van')).toHaveTextContent('0/1 subtasks done');
    expect(within(rowOf('Water plants')).queryByTestId('subtask-progress')).toBeNull();
    // Each row's labels as chips, at every level, from the same request.
    const chipsOf = (title: string) =>
      within(rowOf(title))
        .queryAllByRole('listitem')
        .map((chip) => chip.textContent);
    await waitFor(() => expect(chipsOf('Compare prices')).toEqual(['Errands']));
    expect(chipsOf('Move house')).toEqual(['home']);
    expect(chipsOf('Pack books')).toEqual(['Errands', 'home']);
    expect(chipsOf('Hire a van')).toEqual([]);
    // One request: the top-level todos (paging counts those) with two levels of subtasks.
    const [list] = writes('GET').filter((request) => request.url.pathname === '/api/todos');
    expect(list?.url.searchParams.get('filters[parent][id][$null]')).toBe('true');
    expect(list?.url.searchParams.get('populate[subtasks][populate][labels]')).toBe('true');
    expect(writes('GET').filter((request) => request.url.pathname === '/api/todos')).toHaveLength(
      1,
    );
    expect(screen.getAllByTestId('todo-number').map((number) => number.textContent)).toEqual([
      '1.',
      '2.',
    ]);
  });

  it('folds and unfolds a todo’s subtasks, and remembers the fold for the session', async () => {
    seed();
    const first = open();
    const disclosure = await screen.findByRole('button', { name: 'Subtasks of Move house' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    await first.user.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    expect(outline()).toEqual(['h2 Move house', 'h2 Water plants']);
    first.unmount();
    cleanupStore?.();

    const again = open();
    await waitFor(() => expect(outline()).toEqual(['h2 Move house', 'h2 Water plants']));
    await again.user.click(screen.getByRole('button', { name: 'Subtasks of Move house' }));
    expect(outline()).toHaveLength(5);
  });

  it.each([
    ['Complete all', '?subtasks=complete', true],
    ['Only this one', '', false],
  ])('completing a parent asks first; %s', async (choice, query, subtasksDone) => {
    seed();
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Mark Move house as completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete this todo' });
    expect(dialog).toHaveTextContent('Complete its 2 open subtasks too?');
    await user.click(within(dialog).getByRole('button', { name: choice }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(writes('PUT')[0]!.url.search).toBe(query);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Mark Move house as completed' })).toBeChecked(),
    );
    await waitFor(() =>
      expect(
        (
          screen.getByRole('checkbox', {
            name: 'Mark Compare prices as completed',
          }) as HTMLInputElement
        ).checked,
      ).toBe(subtasksDone),
    );
  });

  it('Cancel completes nothing', async () => {
    seed();
    const { user } = open();
    await user.click(await screen.findByRole('checkbox', { name: 'Mark Move house as completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete this todo' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(writes('PUT')).toEqual([]);
    expect(
      screen.getByRole('checkbox', { name: 'Mark Move house as completed' }),
    ).not.toBeChecked();
  });

  it('ticks a todo without open subtasks at once', async () => {
    seed();
    const { user } = open();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Mark Compare prices as completed' }),
    );
    await waitFor(() => expect(progressOf('Hire a van')).toHaveTextContent('1/1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds a subtask from a row’s menu, the dialog naming the parent', async () => {
    const parent = seed();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'More actions for Move house' }));
    await user.click(screen.getByRole('menuitem', { name: 'Add subtask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Todo' });
    expect(within(dialog).getByRole('textbox', { name: 'Parent' })).toHaveValue('Move house');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Cancel internet');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    expect(writes('POST')[0]!.body).toMatchObject({
      data: { title: 'Cancel internet', parent: parent.id },
    });
    await waitFor(() => expect(progressOf('Move house')).toHaveTextContent('1/3'));
    // The third level holds no subtasks: its row has no menu.
    expect(screen.queryByRole('button', { name: 'More actions for Compare prices' })).toBeNull();
  });

  it('puts a top-level todo under another from Edit’s Parent field', async () => {
    const parent = seed();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Water plants' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit this todo' });
    const field = within(dialog).getByRole('combobox', { name: 'Parent' });
    const choices = () =>
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('placeholder', 'None (a top-level todo)');
    // With nothing typed: the top-level todos and their subtasks, never the todo itself nor a
    // third-level one.
    await user.click(field);
    await waitFor(() =>
      expect(choices()).toEqual([
        'Move house',
        'Move house › Pack books',
        'Move house › Hire a van',
      ]),
    );
    // Typed: the list's search finds it.
    await user.type(field, 'van');
    await waitFor(() => expect(choices()).toEqual(['Move house › Hire a van']));
    await user.click(screen.getByRole('option', { name: 'Move house › Hire a van' }));
    expect(field).toHaveValue('Move house › Hire a van');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    const van = api.todos.find((todo) => todo.attributes.title === 'Hire a van')!;
    expect(writes('PUT')[0]!.body).toMatchObject({ data: { parent: van.id } });
    await waitFor(() =>
      expect(outline()).toEqual([
        'h2 Move house',
        'h3 Pack books',
        'h3 Hire a van',
        'h4 Compare prices',
        'h4 Water plants',
      ]),
    );
    expect(parent.id).toBeGreaterThan(0);
  });

  it('makes a subtask top-level when Edit removes its parent', async () => {
    seed();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit Hire a van' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit this todo' });
    const field = within(dialog).getByRole('textbox', { name: 'Parent' });
    expect(field).toHaveValue('Move house');
    await user.click(within(dialog).getByRole('button', { name: 'Remove parent' }));
    expect(field).toHaveValue('None (a top-level todo)');
    await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(writes('PUT')).toHaveLength(1));
    expect(writes('PUT')[0]!.body).toMatchObject({ data: { parent: null } });
    await waitFor(() =>
      expect(outline()).toEqual([
        'h2 Move house',
        'h3 Pack books',
        'h2 Hire a van',
        'h3 Compare prices',
        'h2 Water plants',
      ]),
    );
  });

  it('says a delete takes the subtasks to the trash, and Undo brings them all back', async () => {
    seed();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Move house' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this todo' });
    expect(dialog).toHaveTextContent(
      'Its 3 subtasks go to the trash with it; Undo brings them back.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(outline()).toEqual(['h2 Water plants']));
    expect(api.trash.map((todo) => todo.attributes.title).sort()).toEqual([
      'Compare prices',
      'Hire a van',
      'Move house',
      'Pack books',
    ]);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(outline()).toHaveLength(5));
  });

  it('selects subtasks as rows: Select all counts them, and a bulk action names them', async () => {
    seed();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    expect(screen.getByRole('checkbox', { name: 'Select all 5' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Compare prices' }));
    await user.click(screen.getByRole('button', { name: 'Mark completed' }));
    await waitFor(() => expect(writes('POST')).toHaveLength(1));
    expect(writes('POST')[0]!.body).toMatchObject({ action: 'complete', ids: [4] });
  });

  it('lists matching subtasks flat under a search, each naming its parent', async () => {
    seed();
    open('/todos?search=p');
    await waitFor(() =>
      expect(outline()).toEqual(['h2 Pack books', 'h2 Compare prices', 'h2 Water plants']),
    );
    expect(rowOf('Pack books')).toHaveTextContent('Subtask of Move house');
    expect(rowOf('Compare prices')).toHaveTextContent('Subtask of Hire a van');
    expect(rowOf('Water plants')).not.toHaveTextContent('Subtask of');
  });
});
