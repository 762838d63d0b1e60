/**
 * The navigation drawer on the mock API: a "Lists" landmark with Inbox, Today and All todos and
 * their open counts (one call to /api/todos/counts), the projects not archived in their order with
 * their counts, the archived ones in a fold; Add project, Edit, Archive, and Delete (asked first,
 * with Undo), all through the frame's one set of dialogs.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavDrawer } from '../../../../src/client/app/layout/NavDrawer';
import { LabelActionsProvider } from '../../../../src/client/labels';
import { ProjectActionsProvider } from '../../../../src/client/projects';
import { todosApi } from '../../../../src/client/todos/todosApi';
import { startMockApi, type MockApi } from '../../support/mockApi';
import { renderRoute } from '../../todos/support/render';

let api: MockApi;
let cleanupStore: (() => void) | undefined;
let work: number;

beforeEach(() => {
  api = startMockApi();
  work = api.backend.projects.insert(7, { name: 'Work', color: '#db4035' }).id;
  api.backend.projects.insert(7, { name: 'Home' });
  api.backend.projects.insert(7, { name: 'Old stuff', archived: true });
  api.insert({ title: 'Pay the plumber' });
  api.insert({ title: 'Write the report', projectId: work });
  api.insert({ title: 'Send the invoice', projectId: work });
  api.insert({ title: 'Done already', projectId: work, completed: true });
});
afterEach(() => cleanupStore?.());

function Frame() {
  return (
    <ProjectActionsProvider>
      <LabelActionsProvider>
        <NavDrawer />
      </LabelActionsProvider>
    </ProjectActionsProvider>
  );
}

function open(path = '/todos') {
  const view = renderRoute(Frame, path, undefined, '*');
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

const drawer = () => screen.getByRole('navigation', { name: 'Lists' });
const projectNames = () =>
  within(within(drawer()).getByRole('list', { name: 'Projects' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

it('lists Inbox, Today, All todos and the projects with their open counts, from one counts call', async () => {
  open('/todos');
  await waitFor(() => expect(projectNames()).toEqual(['Work2 open', 'Home']));
  const nav = drawer();
  expect(within(nav).getByRole('link', { name: 'Inbox 1 open' })).toHaveAttribute('href', '/inbox');
  expect(within(nav).getByRole('link', { name: 'Today' })).toHaveAttribute('href', '/today');
  const all = within(nav).getByRole('link', { name: 'All todos 3 open' });
  expect(all).toHaveAttribute('aria-current', 'page');
  expect(within(nav).getByRole('link', { name: 'Work 2 open' })).toHaveAttribute(
    'href',
    `/projects/${work}`,
  );
  expect(api.requestsTo('GET', '/api/todos/counts')).toHaveLength(1);
  expect(api.requestsTo('GET', '/api/todos?')).toHaveLength(0);
  // Each project moves by a handle of its own, named for it.
  expect(within(nav).getByRole('button', { name: 'Move Home' })).toHaveAttribute(
    'aria-roledescription',
    'sortable',
  );
});

it('keeps archived projects in a fold, whose menu brings one back', async () => {
  const { user } = open();
  const fold = await screen.findByRole('button', { name: 'Archived (1)' });
  expect(fold).toHaveAttribute('aria-expanded', 'false');
  await user.click(fold);
  const archived = screen.getByRole('list', { name: 'Archived projects' });
  expect(within(archived).getByRole('link', { name: 'Old stuff' })).toBeInTheDocument();
  await user.click(within(archived).getByRole('button', { name: 'More actions for Old stuff' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Unarchive' }));
  await screen.findByText('Project "Old stuff" is back in the list');
  await waitFor(() => expect(projectNames()).toEqual(['Work2 open', 'Home', 'Old stuff']));
});

it('adds a project from "Add project", with a name and a colour, and opens its page', async () => {
  const { user, router } = open();
  await waitFor(() => expect(projectNames()).toHaveLength(2));
  await user.click(screen.getByRole('button', { name: 'Add project' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add project' });
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(await within(dialog).findByText('name must be 1 to 100 characters')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'work');
  await user.click(within(dialog).getByRole('radio', { name: 'Teal' }));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  // The server's refusal of a name the user has, in any case, shows under the name.
  expect(
    await within(dialog).findByText('A project named "work" already exists'),
  ).toBeInTheDocument();
  await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Garden');
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await screen.findByText('Project "Garden" added!');
  const created = api.backend.projects.live(7).at(-1)!;
  expect(created.attributes).toMatchObject({ name: 'Garden', color: '#158fad' });
  await waitFor(() => expect(router.location.pathname).toBe(`/projects/${created.id}`));
  await waitFor(() => expect(projectNames()).toEqual(['Work2 open', 'Home', 'Garden']));
});

it('deletes a project only when confirmed, saying its todos go too; Undo restores both', async () => {
  const { user } = open();
  await waitFor(() => expect(projectNames()).toHaveLength(2));
  await user.click(screen.getByRole('button', { name: 'More actions for Work' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this project' });
  expect(dialog).toHaveTextContent('Delete "Work" and its 2 open todos?');
  expect(dialog).toHaveTextContent('Its todos go to the trash too');
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(api.requestsTo('DELETE', '/api/projects')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'More actions for Work' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Delete this project' })).getByRole('button', {
      name: 'Delete',
    }),
  );
  await screen.findByText('Project "Work" and its 3 todos moved to the trash');
  await waitFor(() => expect(projectNames()).toEqual(['Home']));
  expect(api.trash.map((todo) => todo.attributes.title).sort()).toEqual([
    'Done already',
    'Send the invoice',
    'Write the report',
  ]);
  await user.click(screen.getByRole('button', { name: 'Undo' }));
  await screen.findByText('Project "Work" restored!');
  await waitFor(() => expect(projectNames()).toEqual(['Work2 open', 'Home']));
  expect(api.trash).toEqual([]);
});

it('renames a project from its menu; the counts follow a todo write without a call of their own', async () => {
  const { user, store } = open();
  await waitFor(() => expect(projectNames()).toHaveLength(2));
  await user.click(screen.getByRole('button', { name: 'More actions for Work' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit project' });
  const name = within(dialog).getByRole('textbox', { name: 'Name' });
  expect(name).toHaveValue('Work');
  expect(within(dialog).getByRole('radio', { name: 'Red' })).toBeChecked();
  await user.clear(name);
  await user.type(name, 'Office');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await screen.findByText('Project updated successfully!');
  await waitFor(() => expect(projectNames()).toEqual(['Office2 open', 'Home']));

  const counted = api.requestsTo('GET', '/api/todos/counts').length;
  await store.dispatch(todosApi.endpoints.addTodo.initiate({ title: 'Plan', project: work }));
  await waitFor(() => expect(projectNames()).toEqual(['Office3 open', 'Home']));
  expect(api.requestsTo('GET', '/api/todos/counts')).toHaveLength(counted + 1);
});
