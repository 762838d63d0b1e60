/**
 * A new release's worker takes over only once the update gate opens (the write queue is empty),
 * and the page then reloads once; the first worker's control of the page reloads nothing.
 */
import { setUpdateGate } from '../../../src/client/offline/updateGate';
import { registerServiceWorker } from '../../../src/client/offline/registerServiceWorker';

type Listener = (event: Record<string, unknown>) => void;

class FakeWorkbox {
  static last: FakeWorkbox;
  static refuse = false;
  listeners = new Map<string, Listener[]>();
  messageSkipWaiting = jest.fn();
  register = jest.fn(() =>
    FakeWorkbox.refuse ? Promise.reject(new Error('refused')) : Promise.resolve({}),
  );
  constructor(
    readonly scriptUrl: string,
    readonly options: unknown,
  ) {
    FakeWorkbox.last = this;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: Record<string, unknown> = {}) {
    (this.listeners.get(type) ?? []).forEach((listener) => listener(event));
  }
}

jest.mock('workbox-window', () => ({
  Workbox: jest.fn((url: string, options: unknown) => new FakeWorkbox(url, options)),
}));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  setUpdateGate(() => Promise.resolve());
  FakeWorkbox.refuse = false;
});

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site', () => {
    registerServiceWorker('/sw.js', jest.fn());
    expect(FakeWorkbox.last.scriptUrl).toBe('/sw.js');
    expect(FakeWorkbox.last.options).toEqual({ scope: '/' });
    expect(FakeWorkbox.last.register).toHaveBeenCalledTimes(1);
  });

  it('lets a waiting worker take over only after the gate opens, then reloads once', async () => {
    let open!: () => void;
    setUpdateGate(() => new Promise<void>((resolve) => (open = resolve)));
    const reload = jest.fn();
    registerServiceWorker('/sw.js', reload);
    const workbox = FakeWorkbox.last;

    workbox.emit('waiting', { isUpdate: true });
    await flush();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

    open();
    await flush();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();

    workbox.emit('controlling', { isUpdate: true });
    workbox.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the first worker takes control of the page', () => {
    const reload = jest.fn();
    registerServiceWorker('/sw.js', reload);
    FakeWorkbox.last.emit('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps the app running when the browser refuses the worker', async () => {
    FakeWorkbox.refuse = true;
    await expect(registerServiceWorker('/sw.js', jest.fn()).registered).resolves.toBeUndefined();
  });
});
