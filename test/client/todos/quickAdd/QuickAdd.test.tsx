/**
 * The quick-add field on /todos and /today, on the mock API (issue 42, item 3): Enter adds with
 * the fields read, "q" focuses the field, Backspace and Escape keep a part as text, Details opens
 * the Add dialog with them. Expected dates are worked out here from the clock, not by the parser.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import TodayPage from '../../../../src/client/today/TodayPage';
import TodosPage from '../../../../src/client/todos/TodosPage';
import { todosApi } from '../../../../src/client/todos/todosApi';
import {
  apiUrl,
  heldResponse,
  jsonResponse,
  startMockApi,
  type MockApi,
} from '../../support/mockApi';
import { server } from '../../support/mswServer';
import { renderRoute } from '../support/render';

jest.mock('../../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com', confirmed: true }),
  useSessionActor: () => ({ send: jest.fn() }),
}));

let api: MockApi;
let cleanupStore: (() => void) | undefined;
beforeEach(() => (api = startMockApi()));
afterEach(() => {
  cleanupStore?.();
  localStorage.clear();
});

function open(Page: React.ComponentType = TodosPage) {
  const view = renderRoute(Page, '/todos');
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

const field = () => screen.getByRole('textbox', { name: 'Quick add' });
const posts = () => api.requestsTo('POST', '/api/todos').map((request) => request.body);
const marks = () =>
  [...screen.getByTestId('quick-add-highlights').querySelectorAll('mark')].map(
    (mark) => `${mark.dataset.kind}:${mark.textContent}`,
  );
const ymd = (date: Date) =>
  [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part, index) => String(part).padStart(index ? 2 : 4, '0'))
    .join('-');
/** The next 1st of a month, today included. */
function nextFirst() {
  const today = new Date();
  return ymd(
    today.getDate() === 1 ? today : new Date(today.getFullYear(), today.getMonth() + 1, 1),
  );
}

describe('Enter adds', () => {
  it('with the fields read; the field clears and keeps the focus', async () => {
    const { user } = open();
    await user.type(field(), 'Pay rent every month on the 1st p1');
    expect(marks()).toEqual(['repeat:every month on the 1st', 'priority:p1']);
    expect(screen.getByText(/Repeats monthly · Priority High/)).toBeInTheDocument();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Todo added successfully!')).toBeInTheDocument();
    expect(posts()).toEqual([
      {
        data: {
          title: 'Pay rent',
          description: '',
          dueDate: nextFirst(),
          recurrence: 'FREQ=MONTHLY',
          priority: 3,
          user: 7,
        },
      },
    ]);
    expect(field()).toHaveValue('');
    expect(field()).toHaveFocus();
    expect(await screen.findByRole('heading', { name: 'Pay rent' })).toBeInTheDocument();
  });

  it('a time of day gives the reminder, in the browser’s zone', async () => {
    const { user } = open();
    await user.type(field(), 'Call mum tomorrow 5pm{Enter}');
    await screen.findByText('Todo added successfully!');
    const now = new Date();
    const reminder = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 17);
    expect(posts()[0]).toEqual({
      data: {
        title: 'Call mum',
        description: '',
        dueDate: ymd(reminder),
        remindAt: reminder.toISOString(),
        user: 7,
      },
    });
  });

  it('a failed add keeps the line and says why, as the Add dialog does', async () => {
    const { user } = open();
    server.use(
      http.post(apiUrl('todos'), () => new Response('Bad gateway', { status: 502 }), {
        once: true,
      }),
    );
    await user.type(field(), 'Buy milk p1{Enter}');
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(field()).toHaveValue('Buy milk p1');
    expect(marks()).toEqual(['priority:p1']);
  });

  it('a second Enter while the add is on its way adds nothing; a line typed meanwhile stays', async () => {
    const { user } = open();
    const held = heldResponse();
    server.use(http.post(apiUrl('todos'), () => held.promise, { once: true }));
    await user.type(field(), 'Buy milk{Enter}{Enter}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    await user.clear(field());
    await user.type(field(), 'Next one');
    held.release(jsonResponse(200, { data: { id: 1, attributes: {} }, meta: {} }));
    expect(await screen.findByText('Todo added successfully!')).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(field()).toHaveValue('Next one');
  });

  it('a line with no title is not added: it says the title is required', async () => {
    const { user } = open();
    await user.type(field(), 'tomorrow{Enter}');
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toEqual([]);
    await user.type(field(), ' Call');
    expect(screen.queryByText('Title is required')).not.toBeInTheDocument();
  });

  it('#name of a project and @name of a label of the user (any case) apply them and leave the title', async () => {
    const groceries = api.backend.projects.insert(7, { name: 'Groceries' });
    const errands = api.backend.labels.insert(7, { name: 'Errands' });
    const { user } = open();
    await waitFor(() => expect(api.requestsTo('GET', '/api/labels')).toHaveLength(1));
    await user.type(field(), 'Buy milk #groceries @errands @someday');
    await waitFor(() => expect(marks()).toEqual(['project:#groceries', 'label:@errands']));
    expect(screen.getByText('Project Groceries · Label Errands')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await screen.findByText('Todo added successfully!');
    // An @name of no label of the user stays in the title, as plain text.
    expect(posts()[0]).toEqual({
      data: {
        title: 'Buy milk @someday',
        description: '',
        project: groceries.id,
        labels: { set: [errands.id] },
        user: 7,
      },
    });
  });

  it('#name of no project of the user stays plain text in the title', async () => {
    api.backend.projects.insert(7, { name: 'Groceries' });
    const { user } = open();
    await waitFor(() => expect(api.requestsTo('GET', '/api/projects')).toHaveLength(1));
    await user.type(field(), 'Fix #bikeshed today');
    await waitFor(() => expect(marks()).toEqual(['date:today']));
    await user.keyboard('{Enter}');
    await screen.findByText('Todo added successfully!');
    expect(posts()[0]).toMatchObject({ data: { title: 'Fix #bikeshed' } });
    expect(posts()[0]).not.toHaveProperty('data.project');
  });

  it('on Today, a line that names no day is due today', async () => {
    const { user } = open(TodayPage);
    await user.type(field(), 'Water plants p3{Enter}');
    await screen.findByText('Todo added successfully!');
    expect(posts()[0]).toEqual({
      data: { title: 'Water plants', description: '', dueDate: ymd(new Date()), priority: 1, user: 7 }, // prettier-ignore
    });
  });
});

describe('the q shortcut', () => {
  it('focuses quick add from the page, and is typed as a letter inside a field', async () => {
    const { user } = open();
    await screen.findByText(/No todos available/);
    // The search box has the focus on arrival (untouched): the first key may be a shortcut.
    expect(screen.getByPlaceholderText('Search todos...')).toHaveFocus();
    await user.keyboard('q');
    expect(field()).toHaveFocus();
    expect(field()).toHaveValue('');
    await user.keyboard('q');
    expect(field()).toHaveValue('q');
  });

  it('focuses quick add on Today', async () => {
    const { user } = open(TodayPage);
    await screen.findAllByRole('heading', { level: 2 });
    await user.keyboard('q');
    expect(field()).toHaveFocus();
  });
});

describe('keeping a part as text', () => {
  it('Escape with the caret in a highlight keeps it in the title; the field keeps the focus', async () => {
    const { user } = open();
    await user.type(field(), 'Buy milk p1 tomorrow');
    expect(marks()).toEqual(['priority:p1', 'date:tomorrow']);
    await user.keyboard('{ArrowLeft>9/}'); // the caret just after "p1"
    await user.keyboard('{Escape}');
    expect(marks()).toEqual(['date:tomorrow']);
    expect(field()).toHaveFocus();
    // Escape away from any highlight leaves the field, as in every text field.
    await user.keyboard('{ArrowLeft>4/}{Escape}');
    expect(field()).not.toHaveFocus();
    await user.click(field());
    await user.keyboard('{Enter}');
    await screen.findByText('Todo added successfully!');
    expect(posts()[0]).toMatchObject({ data: { title: 'Buy milk p1' } });
    expect(posts()[0]).not.toHaveProperty('data.priority');
  });

  it('Backspace right after a highlight keeps it, then deletes as usual', async () => {
    const { user } = open();
    await user.type(field(), 'Call mum tomorrow');
    expect(marks()).toEqual(['date:tomorrow']);
    await user.keyboard('{Backspace}');
    expect(field()).toHaveValue('Call mum tomorrow');
    expect(marks()).toEqual([]);
    await user.keyboard('{Backspace}');
    expect(field()).toHaveValue('Call mum tomorro');
    await user.keyboard('w');
    expect(marks()).toEqual(['date:tomorrow']); // typed again, read again
  });
});

describe('Details', () => {
  it('opens the Add dialog with what was read; its Add adds and clears the line', async () => {
    const { user } = open();
    await user.type(field(), 'Pay rent every month on the 1st p1');
    await user.click(screen.getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Todo' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Pay rent');
    expect(within(dialog).getByLabelText('Priority')).toHaveDisplayValue('High');
    expect(within(dialog).getByLabelText('Repeat')).toHaveDisplayValue('Monthly');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Todo added successfully!')).toBeInTheDocument();
    expect(posts()[0]).toEqual({
      data: {
        title: 'Pay rent',
        description: '',
        dueDate: nextFirst(),
        recurrence: 'FREQ=MONTHLY',
        priority: 3,
        user: 7,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field()).toHaveValue('');
  });

  it('Close keeps the line', async () => {
    const { user } = open();
    await user.type(field(), 'Call mum tomorrow');
    await user.click(screen.getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Todo' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field()).toHaveValue('Call mum tomorrow');
    expect(posts()).toEqual([]);
  });
});
