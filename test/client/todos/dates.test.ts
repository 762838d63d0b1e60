import { formatDateTime, formatRelative } from '../../../src/client/ui/dates';

describe('how a date is shown', () => {
  it('is long month, numeric day and year, 2-digit hour and minute', () => {
    expect(formatDateTime('2026-11-21T09:05:00.000Z', 'UTC')).toBe('November 21, 2026 at 09:05 AM');
  });

  it('uses 2 digits for the hour in the afternoon too, in the given time zone', () => {
    expect(formatDateTime('2026-03-01T13:30:00.000Z', 'Europe/Paris')).toBe(
      'March 1, 2026 at 02:30 PM',
    );
  });

  it('shows an unreadable value as it came instead of "Invalid Date"', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('not a date');
  });
});

describe('how long ago a moment was', () => {
  const now = Date.parse('2026-11-21T12:00:00.000Z');
  it('names the largest whole unit', () => {
    expect(formatRelative('2026-11-21T11:59:30.000Z', now)).toBe('now');
    expect(formatRelative('2026-11-21T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-20T10:00:00.000Z', now)).toBe('yesterday');
    expect(formatRelative('2026-11-18T12:00:00.000Z', now)).toBe('3 days ago');
    expect(formatRelative('2025-10-01T12:00:00.000Z', now)).toBe('last year');
  });

  it('shows an unreadable value as it came', () =>
    expect(formatRelative('soon', now)).toBe('soon'));
});
