/**
 * The calendar feed link on screen follows the server: a password change or reset removes the link
 * there, so the cached one is fetched again instead of showing a link that no longer works.
 */
import { accountApi } from '../../../src/client/account/accountApi';
import { createAppStore } from '../../../src/client/app/store';
import { calendarFeedApi } from '../../../src/client/calendar/calendarFeedApi';
import { aSession } from '../session/fixtures';

jest.mock('../../../src/client/config', () => ({ API_BASE: 'http://ticklist.test/api', clientConfig: {} }));

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const OLD_LINK = 'http://ticklist.test/api/calendar/old.ics';

let feedUrl: string | null;
let fetchMock: jest.SpyInstance;
beforeEach(() => {
  feedUrl = OLD_LINK;
  fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    if (request.url.endsWith('/users/me/calendar-feed')) return json({ url: feedUrl });
    feedUrl = null; // the server removes the link on a password change or reset
    return json(aSession());
  });
});
afterEach(() => fetchMock.mockRestore());

const feedReads = () => fetchMock.mock.calls.filter(([input]) => (input as Request).url.endsWith('/users/me/calendar-feed')).length;

async function until(check: () => boolean) {
  for (let waited = 0; !check(); waited += 5) {
    if (waited > 2000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Store = ReturnType<typeof createAppStore>;
const NEW = { password: 'Otter#Lamp77', passwordConfirmation: 'Otter#Lamp77' };

it.each([
  ['a password change', (store: Store) => store.dispatch(accountApi.endpoints.changePassword.initiate({ currentPassword: 'Kiwi#Lamp42', ...NEW })).unwrap()],
  ['a password reset', (store: Store) => store.dispatch(accountApi.endpoints.resetPassword.initiate({ code: 'c'.repeat(43), ...NEW })).unwrap()],
])('after %s the feed link shown is fetched again (none now)', async (_name, renew) => {
  const store = createAppStore({ getToken: () => 'jwt-123', onUnauthorized: jest.fn() });
  const shown = store.dispatch(calendarFeedApi.endpoints.getCalendarFeed.initiate());
  await shown;
  const current = () => calendarFeedApi.endpoints.getCalendarFeed.select()(store.getState()).data?.url;
  expect(current()).toBe(OLD_LINK);
  await renew(store);
  await until(() => feedReads() === 2 && current() === null);
  shown.unsubscribe();
});
