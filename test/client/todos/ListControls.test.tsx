/**
 * The search box's debounce against the view it reports to: a search the box sent may come back
 * through the URL only after the user has typed again (a loaded machine renders late); that echo
 * must not undo the newer typing. A search that really comes from the URL (back, forward, a link)
 * still replaces what the box shows.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListControls } from '../../../src/client/todos/ListControls';
import { DEFAULT_VIEW, type TodoView } from '../../../src/client/todos/view';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup() {
  const onChange = jest.fn<void, [Partial<TodoView>]>();
  const view = (search: string): TodoView => ({ ...DEFAULT_VIEW, search });
  const rendered = render(<ListControls view={view('')} onChange={onChange} />);
  const box = screen.getByPlaceholderText('Search todos...') as HTMLInputElement;
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const showView = (search: string) =>
    rendered.rerender(<ListControls view={view(search)} onChange={onChange} />);
  const sent = () => onChange.mock.calls.map(([change]) => change.search);
  return { box, user, showView, sent };
}

it('keeps typing that follows a sent search when that search comes back late', async () => {
  const { box, user, showView, sent } = setup();
  await user.type(box, 'n?');
  act(() => jest.advanceTimersByTime(500));
  expect(sent()).toEqual(['n?']);
  // Typed before the view shows "n?".
  await user.clear(box);
  showView('n?');
  expect(box.value).toBe('');
  act(() => jest.advanceTimersByTime(500));
  expect(sent()).toEqual(['n?', '']);
  showView('');
  expect(box.value).toBe('');
});

it('shows a search that comes from the URL, dropping typing not sent yet', async () => {
  const { box, user, showView, sent } = setup();
  showView('from a link');
  expect(box.value).toBe('from a link');
  await user.type(box, ' and more');
  showView('back');
  expect(box.value).toBe('back');
  act(() => jest.advanceTimersByTime(1000));
  expect(sent()).toEqual([]);
});

it('keeps the search field, its focus and its text when the layout switches between phone and wide', async () => {
  const onChange = jest.fn<void, [Partial<TodoView>]>();
  const rendered = render(<ListControls view={DEFAULT_VIEW} onChange={onChange} compact />);
  const box = screen.getByPlaceholderText('Search todos...') as HTMLInputElement;
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  await user.type(box, 'wal');
  rendered.rerender(<ListControls view={DEFAULT_VIEW} onChange={onChange} />);
  expect(screen.getByPlaceholderText('Search todos...')).toBe(box);
  expect(box).toHaveFocus();
  await user.type(box, 'k');
  act(() => jest.advanceTimersByTime(500));
  expect(onChange.mock.calls.map(([change]) => change.search)).toEqual(['walk']);
  rendered.rerender(
    <ListControls view={{ ...DEFAULT_VIEW, search: 'walk' }} onChange={onChange} compact />,
  );
  expect(screen.getByPlaceholderText('Search todos...')).toBe(box);
});
