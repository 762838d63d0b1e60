/**
 * Focus on the list in jsdom: the search box is focused on arrival on a wide screen, but its first
 * key, when it is a shortcut, acts as one; Esc leaves a text field; a touch screen gets no focus on
 * arrival; after Add focus is on a control, never on the page's body.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TodosPage, { EMPTY_TEXT } from '../../../src/client/todos/TodosPage';
import { todosApi } from '../../../src/client/todos/todosApi';
import { startMockApi } from '../support/mockApi';
import { renderRoute } from './support/render';

jest.mock('../../../src/client/session/SessionProvider', () => ({
  useSessionUser: () => ({ id: 7, username: 'ann', email: 'ann@example.com' }),
  useSessionActor: () => ({ send: jest.fn() }),
}));

let cleanupStore: (() => void) | undefined;
const originalMatchMedia = window.matchMedia;

beforeEach(() => {
  startMockApi();
});

afterEach(() => {
  cleanupStore?.();
  window.matchMedia = originalMatchMedia;
});

function open() {
  const view = renderRoute(TodosPage, '/todos');
  cleanupStore = () => view.store.dispatch(todosApi.util.resetApiState());
  return { ...view, user: userEvent.setup() };
}

/** A screen whose media queries answer `matching` (e.g. a phone's "(pointer: coarse)"). */
function emulateMedia(matching: (query: string) => boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: matching(query),
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: jest.fn(() => false),
  }));
}

const searchBox = () => screen.getByPlaceholderText('Search todos...');

describe('focus and shortcuts on arrival', () => {
  it('"n" as the first key in the untouched search box opens Add; focus comes back to the box', async () => {
    const { user } = open();
    await screen.findByText(EMPTY_TEXT);
    expect(searchBox()).toHaveFocus();
    await user.keyboard('n');
    expect(await screen.findByRole('dialog', { name: 'Add New Todo' })).toBeInTheDocument();
    expect(searchBox()).toHaveValue('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(searchBox()).toHaveFocus();
  });

  it('"?" as the first key is a shortcut too, and only the first key: then keys type', async () => {
    const { user } = open();
    await screen.findByText(EMPTY_TEXT);
    await user.keyboard('b');
    await user.keyboard('n/?');
    expect(searchBox()).toHaveValue('bn/?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"/" as the first key keeps the focus in the box and types nothing; what follows types', async () => {
    const { user } = open();
    await screen.findByText(EMPTY_TEXT);
    await user.keyboard('/');
    expect(searchBox()).toHaveFocus();
    expect(searchBox()).toHaveValue('');
    await user.keyboard('new');
    expect(searchBox()).toHaveValue('new');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Esc leaves the search box (keeping its text), and then "n" is a shortcut', async () => {
    const { user } = open();
    await screen.findByText(EMPTY_TEXT);
    await user.keyboard('milk');
    await user.keyboard('{Escape}');
    expect(searchBox()).not.toHaveFocus();
    expect(searchBox()).toHaveValue('milk');
    await user.keyboard('n');
    expect(await screen.findByRole('dialog', { name: 'Add New Todo' })).toBeInTheDocument();
  });

  it('after Add opened by a shortcut from the page body, focus goes to the "+" button', async () => {
    const { user } = open();
    await screen.findByText(EMPTY_TEXT);
    await user.keyboard('{Escape}'); // out of the search box: the body has the focus
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('n');
    await screen.findByRole('dialog', { name: 'Add New Todo' });
    await user.keyboard('Buy milk{Enter}');
    expect(await screen.findByText('Todo added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add todo' })).toHaveFocus());
  });

  it('a touch screen gets no focus on arrival (it would open the keyboard)', async () => {
    emulateMedia((query) => query.includes('pointer: coarse'));
    open();
    await screen.findByText(EMPTY_TEXT);
    expect(searchBox()).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });
});
