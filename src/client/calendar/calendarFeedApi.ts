/**
 * The calendar feed link: GET tells the current link (or null), POST makes one or
 * replaces it. The POST answer is written into the cached GET, so the page shows the new link at once.
 */
import { api } from '../lib/api';

interface CalendarFeed {
  url: string | null;
}

/** The same todos as all-day events, for calendar apps that show no VTODOs: `<secret>-events.ics`. */
export const eventsLinkOf = (url: string) => url.replace(/\.ics$/, '-events.ics');

export const calendarFeedApi = api.injectEndpoints({
  endpoints: (builder) => ({
    // A password change or reset removes the link on the server: their screens invalidate this tag
    // once the new session is kept.
    getCalendarFeed: builder.query<CalendarFeed, void>({
      query: () => 'users/me/calendar-feed',
      providesTags: ['CalendarFeed'],
    }),
    resetCalendarFeed: builder.mutation<CalendarFeed, void>({
      query: () => ({ url: 'users/me/calendar-feed', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data)
          dispatch(calendarFeedApi.util.upsertQueryData('getCalendarFeed', undefined, data));
      },
    }),
  }),
});

export const { useGetCalendarFeedQuery, useResetCalendarFeedMutation } = calendarFeedApi;
