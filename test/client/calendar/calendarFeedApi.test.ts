/**
 * A password change or reset removes the calendar link on the server, and the screen that made the
 * call refetches the link once the new session is kept. The call itself must not refetch it: that
 * read would carry the old token, be refused with a 401 and sign the tab out.
 */
import { http, HttpResponse } from 'msw';
import { accountApi } from '../../../src/client/account/accountApi';
import { createAppStore } from '../../../src/client/app/store';
import { calendarFeedApi } from '../../../src/client/calendar/calendarFeedApi';
import { aSession } from '../session/fixtures';
import { apiUrl, startMockApi, type MockApi } from '../support/mockApi';
import { server } from '../support/mswServer';

const OLD_LINK = 'http://ticklist.test/api/calendar/old.ics';

let feedUrl: string | null;
let mock: MockApi;
beforeEach(() => {
  feedUrl = OLD_LINK;
  mock = startMockApi({ tokens: ['jwt-123'] });
  // The server removes the link on a password change or reset, and answers with a new session.
  const renewed = () => {
    feedUrl = null;
    return HttpResponse.json(aSession());
  };
  server.use(
    http.get(apiUrl('users/me/calendar-feed'), () => HttpResponse.json({ url: feedUrl })),
    http.post(apiUrl('auth/change-password'), renewed),
    http.post(apiUrl('auth/reset-password'), renewed),
  );
});

const feedReads = () => mock.requestsTo('GET', '/api/users/me/calendar-feed').length;

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
