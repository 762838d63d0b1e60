/** The offline banner follows the browser's view of the network, in a live region. */
import { act, render, screen } from '@testing-library/react';
import { OFFLINE_TEXT, OfflineBanner } from '../../../src/client/offline/OfflineBanner';

let online: jest.SpyInstance<boolean, []>;

beforeEach(() => {
  online = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
});

afterEach(() => online.mockRestore());

function setNetwork(isOnline: boolean) {
  online.mockReturnValue(isOnline);
  act(() => void window.dispatchEvent(new Event(isOnline ? 'online' : 'offline')));
}

describe('OfflineBanner', () => {
  it('says nothing online, and says the app is offline while it is', () => {
    render(<OfflineBanner />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    setNetwork(false);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    expect(OFFLINE_TEXT).toBe(
      'You are offline. Changes are saved on this device and sent when you are back online.',
    );

    setNetwork(true);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows at once when the page opens offline', () => {
    online.mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
  });
});
