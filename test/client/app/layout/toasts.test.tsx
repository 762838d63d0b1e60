import { act, render, screen } from '@testing-library/react';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import {
  toastComponents,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
} from '../../../../src/client/app/layout/toasts';

function renderProvider() {
  render(
    // jsdom's window never has focus, and notistack pauses its timers while the window is blurred.
    <SnackbarProvider
      maxSnack={TOAST_LIMIT}
      autoHideDuration={TOAST_DURATION_MS}
      Components={toastComponents}
      disableWindowBlurListener
    >
      <div />
    </SnackbarProvider>,
  );
}

/**
 * Whether the toast is still on screen. A toast's timer starts when it has finished entering, and
 * a closed toast collapses before it is removed, so each check leaves some slack around the duration.
 */
/** Advances the clock in small steps, so React renders (and schedules transitions) between them. */
const advance = (ms: number) => {
  for (let step = 0; step < ms; step += 100)
    act(() => jest.advanceTimersByTime(Math.min(100, ms - step)));
};

const shown = (text: string) => screen.queryByText(text) !== null;

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a success toast closes after 2000 ms, an error or plain one after 4000 ms', () => {
    renderProvider();
    act(() => {
      enqueueSnackbar('It worked', { variant: 'success' });
      enqueueSnackbar('It failed', { variant: 'error' });
      enqueueSnackbar('Just saying');
    });
    expect(shown('It worked')).toBe(true);
    advance(1900);
    expect(shown('It worked')).toBe(true);
    advance(1600); // 3500 ms
    expect(shown('It worked')).toBe(false);
    expect(shown('It failed')).toBe(true);
    expect(shown('Just saying')).toBe(true);
    advance(500); // 4000 ms
    expect(shown('It failed')).toBe(true);
    advance(2000); // 6000 ms
    expect(shown('It failed')).toBe(false);
    expect(shown('Just saying')).toBe(false);
  });

  it('keeps at most 20', () => {
    renderProvider();
    act(() => {
      for (let i = 1; i <= 25; i += 1) enqueueSnackbar(`Toast ${i}`, { variant: 'error' });
    });
    advance(500);
    expect(screen.getAllByText(/^Toast \d+$/)).toHaveLength(20);
    expect(TOAST_LIMIT).toBe(20);
  });
});
