/**
 * A password change or reset removes the calendar link on the server, and the screen that made the
 * call refetches the link once the new session is kept. The call itself must not refetch it: that
 * read would carry the old token, be refused with a 401 and sign the tab out.
 */
import { accountApi } from '../../../src/client/account/accountApi';
import { createAppStore } from '../../../src/client/app/store';
import { calendarFeedApi } from '../../../src/client/calendar/calendarFeedApi';
import { aSession } from '../session/fixtures';

jest.mock('../../../src/client/config', () => ({
  API_BASE: 'http://ticklist.test/api',
  clientConfig: {},
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
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

const feedReads = () =>
  fetchMock.mock.calls.filter(([input]) =>
    (input as Request).url.endsWith('/users/me/calendar-feed'),
  ).length;

type Store = ReturnType<typeof createAppStore>;
const NEW = { password: 'Otter#Lamp77', passwordConfirmation: 'Otter#Lamp77' };

it.each([
  [
    'a password change',
    (store: Store) =>
      store
        .dispatch(
          accountApi.endpoints.changePassword.initiate({ currentPassword: 'Kiwi#Lamp42', ...NEW }),
        )
        .unwrap(),
  ],
  [
    'a password reset',
    (store: Store) =>
      store
        .dispatch(accountApi.endpoints.resetPassword.initiate({ code: 'c'.repeat(43), ...NEW }))
        .unwrap(),
  ],
])('%s does not read the feed with the old token', async (_name, renew) => {
  const store = createAppStore({ getToken: () => 'jwt-123', onUnauthorized: jest.fn() });
  const shown = store.dispatch(calendarFeedApi.endpoints.getCalendarFeed.initiate());
  await shown;
  const current = () =>
    calendarFeedApi.endpoints.getCalendarFeed.select()(store.getState()).data?.url;
  expect(current()).toBe(OLD_LINK);
  await renew(store);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(feedReads()).toBe(1);
  shown.unsubscribe();
});
