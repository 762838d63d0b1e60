import { act, render, screen } from '@testing-library/react';
import { TimeAgo } from '../../../src/client/ui/TimeAgo';

describe('TimeAgo', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('moves on with the clock while it stays on screen', () => {
    render(<TimeAgo value="2026-11-25T11:59:40Z" />);
    const time = screen.getByText('now');
    expect(time).toHaveAttribute('datetime', '2026-11-25T11:59:40Z');

    act(() => jest.advanceTimersByTime(3 * 60_000));
    expect(time).toHaveTextContent('3 minutes ago');
  });

  it('says "now" for a moment newer than the last tick', () => {
    render(<TimeAgo value="2026-11-25T11:00:00Z" />);
    act(() => jest.advanceTimersByTime(30_000));
    render(<TimeAgo value="2026-11-25T12:00:20Z" />);
    expect(screen.getByText('now')).toBeInTheDocument();
    expect(screen.getByText('1 hour ago')).toBeInTheDocument();
  });
});
