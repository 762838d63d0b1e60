/**
 * Labels in jsdom, on the mock API (issue 41, item 7): every label read page by page, the drawer's
 * Labels (colour, open count from the one counts call, a link to the list filtered by it, add,
 * edit, delete that keeps the todos), the list's `?label=` filter with its removable chip, the
 * rows' chips and the todo dialog's Labels picker, which sends `data.labels` as a set.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavDrawer } from '../../../src/client/app/layout/NavDrawer';
import { LabelActionsProvider, labelsApi } from '../../../src/client/labels';
import { ProjectActionsProvider } from '../../../src/client/projects';
import TodosPage from '../../../src/client/todos/TodosPage';
import { todosApi } from '../../../src/client/todos/todosApi';
import { startMockApi, type MockApi } from '../support/mockApi';
import { makeStore, renderRoute } from '../todos/support/render';

jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com', confirmed: true }),
  useSessionActor: () => ({ send: jest.fn() }),
}));

let api: MockApi;
let cleanupStore: (() => void) | undefined;
let errands: number;

beforeEach(() => {
  api = startMockApi();
  errands = api.backend.labels.insert(7, { name: 'Errands', color: '#db4035' }).id;
  api.backend.labels.insert(7, { name: 'home' });
  const milk = api.insert({ title: 'Buy milk' });
  api.insert({ title: 'Pay the plumber' });
  api.backend.labels.link(7, milk.id, { set: [errands] });
});
afterEach(() => {
  cleanupStore?.();
  localStorage.clear();
});

function Frame() {
  return (
    <ProjectActionsProvider>
      <LabelActionsProvider>
        <NavDrawer />
        <TodosPage />
      </LabelActionsProvider>
    </ProjectActionsProvider>
  );
}

function open(path = '/todos') {
  const view = renderRoute(Frame, path, undefined, '*');
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

const labelsNav = () =>
  within(screen.getByRole('navigation', { name: 'Lists' })).getByRole('region', {
    name: 'Labels',
  });
const labelLinks = () =>
  within(labelsNav())
    .queryAllByRole('link')
    .map((link) => link.textContent);
const titles = () =>
  screen.queryAllByTestId('todo-row').map((row) => within(row).getByRole('heading').textContent);
const chipsOf = (title: string) => {
  const row = screen
    .getAllByTestId('todo-row')
    .find((candidate) => within(candidate).getByRole('heading').textContent === title)!;
  const list = within(row).queryByRole('list', { name: 'Labels' });
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];
};
const lastList = () =>
  api
    .requestsTo('GET')
    .filter((request) => request.url.pathname === '/api/todos')
    .at(-1)?.url.searchParams;

it('reads every label, page by page, in name order', async () => {
  for (let index = 0; index < 120; index += 1)
    api.backend.labels.insert(7, { name: `tag ${String(index).padStart(3, '0')}` });
  const store = makeStore();
  cleanupStore = () => store.dispatch(todosApi.util.resetApiState());
  const labels = await store.dispatch(labelsApi.endpoints.getLabels.initiate());
  expect(labels.data).toHaveLength(122);
  expect(labels.data?.[0]?.attributes.name).toBe('Errands');
  expect(api.requestsTo('GET', '/api/labels').map((r) => r.url.search)).toEqual([
    '?sort=name:asc&pagination[page]=1&pagination[pageSize]=100',
    '?sort=name:asc&pagination[page]=2&pagination[pageSize]=100',
  ]);
});

it('lists the labels with their open counts from the one counts call, and filters the list by one', async () => {
  const { user, router } = open();
  await waitFor(() => expect(labelLinks()).toEqual(['Errands1 open', 'home']));
  expect(api.requestsTo('GET', '/api/todos/counts')).toHaveLength(1);
  await waitFor(() => expect(chipsOf('Buy milk')).toEqual(['Errands']));
  expect(chipsOf('Pay the plumber')).toEqual([]);
  expect(lastList()?.get('populate[labels]')).toBe('true');

  await user.click(within(labelsNav()).getByRole('link', { name: 'Errands 1 open' }));
  await waitFor(() => expect(router.location.search).toBe(`?label=${errands}`));
  await waitFor(() => expect(titles()).toEqual(['Buy milk']));
  expect(lastList()?.get('filters[labels][id][$eq]')).toBe(String(errands));
  expect(within(labelsNav()).getByRole('link', { name: 'Errands 1 open' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The filter stays through a page size change, and its chip removes it.
  await user.selectOptions(screen.getByLabelText('Items per page'), '5');
  await waitFor(() => expect(router.location.search).toBe(`?pageSize=5&label=${errands}`));
  const chip = screen.getByTestId('filter-label');
  expect(chip).toHaveTextContent('Label: Errands');
  chip.focus();
  await user.keyboard('{Delete}');
  await waitFor(() => expect(router.location.search).toBe('?pageSize=5'));
  await waitFor(() => expect(titles()).toEqual(['Buy milk', 'Pay the plumber']));

  // The label's link opens in the view the user chose last (5 per page), filtered by it.
  await user.click(within(labelsNav()).getByRole('link', { name: 'Errands 1 open' }));
  await waitFor(() => expect(router.location.search).toBe(`?label=${errands}&pageSize=5`));
  await waitFor(() => expect(titles()).toEqual(['Buy milk']));
});

it('adds, renames and deletes a label from the drawer; a delete keeps the todos and clears its filter', async () => {
  const { user, router } = open(`/todos?label=${errands}`);
  await waitFor(() => expect(labelLinks()).toHaveLength(2));
  await user.click(within(labelsNav()).getByRole('button', { name: 'Add label' }));
  const add = await screen.findByRole('dialog', { name: 'Add label' });
  await user.type(within(add).getByRole('textbox', { name: 'Name' }), 'HOME');
  await user.click(within(add).getByRole('button', { name: 'Add' }));
  expect(await within(add).findByText('A label named "HOME" already exists')).toBeInTheDocument();
  await user.clear(within(add).getByRole('textbox', { name: 'Name' }));
  await user.type(within(add).getByRole('textbox', { name: 'Name' }), 'Calls{Enter}');
  await screen.findByText('Label "Calls" added!');
  await waitFor(() => expect(labelLinks()).toEqual(['Calls', 'Errands1 open', 'home']));

  await user.click(screen.getByRole('button', { name: 'More actions for label Errands' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  const edit = await screen.findByRole('dialog', { name: 'Edit label' });
  await user.clear(within(edit).getByRole('textbox', { name: 'Name' }));
  await user.type(within(edit).getByRole('textbox', { name: 'Name' }), 'Chores');
  await user.click(within(edit).getByRole('button', { name: 'Save' }));
  await screen.findByText('Label updated successfully!');
  await waitFor(() => expect(chipsOf('Buy milk')).toEqual(['Chores']));

  await user.click(screen.getByRole('button', { name: 'More actions for label Chores' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete this label' });
  expect(confirm).toHaveTextContent('Delete "Chores"?');
  expect(confirm).toHaveTextContent('It is on 1 todo not completed yet. Its todos are kept');
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await screen.findByText('Label "Chores" deleted: it was taken off 1 todo, which are kept');
  await waitFor(() => expect(router.location.search).toBe(''));
  await waitFor(() => expect(titles()).toEqual(['Buy milk', 'Pay the plumber']));
  await waitFor(() => expect(chipsOf('Buy milk')).toEqual([]));
  expect(labelLinks()).toEqual(['Calls', 'home']);
});

it('labels a todo in its dialog: the picker sends the chosen labels as a set, and a new name makes one', async () => {
  const { user } = open();
  await waitFor(() => expect(chipsOf('Buy milk')).toEqual(['Errands']));
  await user.click(screen.getByRole('button', { name: 'Edit Buy milk' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit this todo' });
  const picker = within(dialog).getByRole('combobox', { name: 'Labels' });
  await user.type(picker, 'ho');
  await user.click(await screen.findByRole('option', { name: 'home' }));
  await user.type(picker, 'Garden{Enter}');
  await within(dialog).findByText('Garden');
  await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
  await screen.findByText('Todo updated successfully!');
  const garden = api.backend.labels.all(7).find((label) => label.attributes.name === 'Garden')!;
  const home = api.backend.labels.all(7).find((label) => label.attributes.name === 'home')!;
  expect(api.requestsTo('PUT').at(-1)?.body).toMatchObject({
    data: { labels: { set: [errands, home.id, garden.id] } },
  });
  await waitFor(() => expect(chipsOf('Buy milk')).toEqual(['Errands', 'Garden', 'home']));

  // Unchanged labels are not sent.
  await user.click(screen.getByRole('button', { name: 'Edit Pay the plumber' }));
  const other = await screen.findByRole('dialog', { name: 'Edit this todo' });
  await user.type(within(other).getByRole('textbox', { name: 'Title' }), '!');
  await user.click(within(other).getByRole('button', { name: 'Edit' }));
  await waitFor(() => expect(titles()).toContain('Pay the plumber!'));
  expect(api.requestsTo('PUT').at(-1)?.body).not.toHaveProperty('data.labels');
});
