import { attachToastHost } from '../../../src/client/lib/toaster';
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

  it('shows an info toast with the title, keyed by its todo and not shown twice at once', () => {
    const enqueue = jest.fn(
      (_message: unknown, options: { key?: string | number }) => options.key ?? '',
    );
    const detach = attachToastHost({ enqueue, close: jest.fn() });
    try {
      showReminder({ id: 4, title: 'Call Ann' });
      expect(enqueue).toHaveBeenCalledWith(
        'Reminder: Call Ann',
        expect.objectContaining({ variant: 'info', key: 'reminder-4', preventDuplicate: true }),
      );
    } finally {
      detach();
    }
  });
});
