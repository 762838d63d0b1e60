/**
 * The first service worker takes control after the page read its lists: the reads on screen are
 * made again then, through it, so it keeps them for an offline reload (issue 40).
 */
import { act, renderHook } from '@testing-library/react';
import { useRefetchWhenControlled } from '../../../src/client/offline/useRefetchWhenControlled';

const container = new EventTarget();
beforeAll(() =>
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container }),
);
afterAll(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

describe('when a service worker takes control of the page', () => {
  it('invalidates the todo lists, the trash and the user, so what is on screen is read again', () => {
    const dispatch = jest.fn();
    const { unmount } = renderHook(() => useRefetchWhenControlled(dispatch));
    expect(dispatch).not.toHaveBeenCalled();
    act(() => void container.dispatchEvent(new Event('controllerchange')));
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(dispatch.mock.calls[0][0]).toMatchObject({
      type: 'api/invalidateTags',
      payload: ['Todo', 'Trash', 'Me'],
    });
    unmount();
    container.dispatchEvent(new Event('controllerchange'));
    expect(dispatch).toHaveBeenCalledTimes(1);
  });
});
