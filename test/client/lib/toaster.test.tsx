import { act, render, screen, waitFor } from '@testing-library/react';
import { ToastArea } from '../../../src/client/app/layout/ToastArea';
import {
  closeToast,
  prepareToasts,
  showToast,
  toastsWanted,
} from '../../../src/client/lib/toaster';

// One module state per test file: these run in order, the host first absent, then up.
describe('the toaster', () => {
  it('loads nothing until a toast is near or asked for', () => {
    const { container } = render(<ToastArea />);
    expect(toastsWanted()).toBe(false);
    expect(container).toBeEmptyDOMElement();
  });

  it('a toast asked for before the host is up waits, then shows; one closed meanwhile never shows', async () => {
    render(<ToastArea />);
    await act(async () => {
      showToast('Dropped before it showed', { variant: 'error' });
      closeToast(showToast('Closed at once'));
      showToast('Login successful! Redirecting...', { variant: 'success' });
    });
    expect(toastsWanted()).toBe(true);
    expect(await screen.findByText('Login successful! Redirecting...')).toBeInTheDocument();
    expect(screen.getByText('Dropped before it showed')).toBeInTheDocument();
    expect(screen.queryByText('Closed at once')).not.toBeInTheDocument();
  });

  it('once the host is up, a toast shows at once and closes by its key', async () => {
    render(<ToastArea />);
    await act(async () => prepareToasts());
    let key: ReturnType<typeof showToast> = '';
    act(() => {
      key = showToast('Todo added successfully!', { variant: 'success' });
    });
    expect(screen.getByText('Todo added successfully!')).toBeInTheDocument();
    act(() => closeToast(key));
    await waitFor(() =>
      expect(screen.queryByText('Todo added successfully!')).not.toBeInTheDocument(),
    );
  });
});
