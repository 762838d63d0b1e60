import { act, render, screen } from '@testing-library/react';
import { ToastHost } from '../../../src/client/app/layout/ToastHost';
import { reminderOf, showReminder } from '../../../src/client/live/reminders';

describe('a reminder from the event stream (issue 28)', () => {
  it('is read from a reminder message only', () => {
    expect(
      reminderOf('', JSON.stringify({ action: 'reminder', id: 4, title: 'Call Ann' })),
    ).toEqual({ id: 4, title: 'Call Ann' });
    expect(reminderOf('', JSON.stringify({ action: 'updated', id: 4 }))).toBeUndefined();
    expect(reminderOf('', 'not json')).toBeUndefined();
    expect(
      reminderOf('ready', JSON.stringify({ action: 'reminder', id: 4, title: 'x' })),
    ).toBeUndefined();
  });

  it('shows an info toast with the title, not shown twice at once for the same todo', () => {
    render(<ToastHost />);
    act(() => {
      showReminder({ id: 4, title: 'Call Ann' });
      showReminder({ id: 4, title: 'Call Ann' });
      showReminder({ id: 5, title: 'Call Bob' });
    });
    expect(screen.getAllByText('Reminder: Call Ann')).toHaveLength(1);
    expect(screen.getByText('Reminder: Call Bob')).toBeInTheDocument();
    expect(
      screen.getByText('Reminder: Call Ann').closest('.notistack-MuiContent-info'),
    ).not.toBeNull();
  });
});
