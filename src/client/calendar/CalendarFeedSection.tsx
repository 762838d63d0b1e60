/**
 * The profile's "Calendar feed" section: a secret link calendar apps subscribe to without signing
 * in. "Create link" makes it; "Reset link" replaces it, and the old link stops working.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAccountCall } from '../account';
import { toasts } from '../lib/toasts';
import {
  eventsLinkOf,
  useGetCalendarFeedQuery,
  useResetCalendarFeedMutation,
} from './calendarFeedApi';

const FEED_MESSAGES = {
  explain:
    'Subscribe to this link in a calendar app to see your dated todos. Anyone with the link can read them. Changing your password or logging out of all devices removes it.',
  whichLink:
    'Apps that show tasks (Thunderbird, Apple Reminders, Tasks.org through DAVx⁵) take the calendar link. Google Calendar, Outlook and Apple Calendar show no tasks from a subscription: give them the events link, which shows each open todo as an all-day event on its due date.',
  resetWarning:
    'Resetting makes a new link: the old one stops working, so calendars that use it must be given the new one.',
  created: 'Calendar link created.',
  reset: 'Calendar link reset: the old link no longer works.',
  copied: 'Link copied.',
  copyFailed: 'Could not copy: select the link and copy it yourself.',
} as const;

export function CalendarFeedSection() {
  const { data, isLoading } = useGetCalendarFeedQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [resetFeed, resetting] = useResetCalendarFeedMutation();
  const { run } = useAccountCall();
  const url = data?.url ?? null;

  const makeLink = async () => {
    const had = url !== null;
    if (await run('feed', () => resetFeed().unwrap()))
      toasts.success(had ? FEED_MESSAGES.reset : FEED_MESSAGES.created, 'feed');
  };
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toasts.success(FEED_MESSAGES.copied, 'feed');
    } catch {
      toasts.error(FEED_MESSAGES.copyFailed, 'feed');
    }
  };

  return (
    <section aria-labelledby="calendar-feed">
      <Divider sx={{ my: 3 }} />
      <Typography id="calendar-feed" component="h2" variant="h6" sx={{ mb: 1 }}>
        Calendar feed
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {FEED_MESSAGES.explain}
      </Typography>
      {url && (
        <>
          <FeedLink label="Calendar link" link={url} onCopy={copy} />
          <FeedLink label="Events link" link={eventsLinkOf(url)} onCopy={copy} />
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {FEED_MESSAGES.whichLink}
          </Typography>
        </>
      )}
      {url && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {FEED_MESSAGES.resetWarning}
        </Typography>
      )}
      <Button
        variant="outlined"
        loading={resetting.isLoading}
        disabled={isLoading}
        onClick={() => void makeLink()}
      >
        {url ? 'Reset link' : 'Create link'}
      </Button>
    </section>
  );
}

interface FeedLinkProps {
  label: string;
  link: string;
  onCopy(link: string): Promise<void>;
}

/** One read-only link with its Copy button (named after the link, as there are two). */
function FeedLink({ label, link, onCopy }: FeedLinkProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center' }}>
      <TextField
        label={label}
        value={link}
        size="small"
        fullWidth
        slotProps={{
          htmlInput: {
            readOnly: true,
            onFocus: (event: React.FocusEvent<HTMLInputElement>) => event.target.select(),
          },
        }}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon />}
        aria-label={`Copy ${label.toLowerCase()}`}
        onClick={() => void onCopy(link)}
      >
        Copy
      </Button>
    </Stack>
  );
}
