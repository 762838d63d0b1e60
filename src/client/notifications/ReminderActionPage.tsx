/**
 * A reminder mail's action link (/reminder?token=…): shows which todo and what the link will do
 * (Complete, Snooze 10 minutes, 1 hour or until tomorrow), and does it on a click, once. Opening
 * the link changes nothing, so a mail scanner that follows links cannot snooze anything. Works
 * signed in or not: the token alone is the permission.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { SNOOZES, type ReminderAction } from '../../shared/push-schemas';
import { PAGE_PATHS } from '../../shared/routes';
import { usePreviewReminderActionQuery, useRunReminderActionMutation } from './pushApi';

export const REMINDER_ACTION_MESSAGES = {
  gone: 'This link was used already, or its reminder has passed. Open your todos to see where things stand.',
  failed: 'Could not reach Ticklist. Check your connection and try again.',
} as const;

const BUTTON: Record<ReminderAction, string> = {
  complete: 'Complete',
  'snooze-10m': `Snooze ${SNOOZES['snooze-10m'].label}`,
  snooze: `Snooze ${SNOOZES.snooze.label}`,
  'snooze-tomorrow': 'Snooze until tomorrow',
};

const DONE: Record<ReminderAction, string> = {
  complete: 'Completed.',
  'snooze-10m': 'Snoozed: the reminder comes again in 10 minutes.',
  snooze: 'Snoozed: the reminder comes again in 1 hour.',
  'snooze-tomorrow': 'Snoozed: the reminder comes again tomorrow at this time.',
};

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error
    ? (error as { status: unknown }).status
    : undefined;

export default function ReminderActionPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const preview = usePreviewReminderActionQuery(token, { skip: !token });
  const [run, result] = useRunReminderActionMutation();
  const gone =
    !token ||
    [404, 410].includes(statusOf(preview.error) as number) ||
    statusOf(result.error) === 410;
  const failed = !gone && (preview.isError || result.isError);

  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 1, sm: 4 }, p: 4 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600, mb: 2 }}>
        Reminder
      </Typography>
      {gone ? (
        <Alert severity="info">{REMINDER_ACTION_MESSAGES.gone}</Alert>
      ) : failed ? (
        <Alert severity="error">{REMINDER_ACTION_MESSAGES.failed}</Alert>
      ) : preview.data ? (
        <>
          <Typography sx={{ mb: 3, overflowWrap: 'anywhere' }}>
            “{preview.data.todo.title}”
          </Typography>
          {result.isSuccess ? (
            <Alert severity="success" role="status">
              {DONE[preview.data.action]}
            </Alert>
          ) : (
            <Button variant="contained" disabled={result.isLoading} onClick={() => void run(token)}>
              {BUTTON[preview.data.action]}
            </Button>
          )}
        </>
      ) : null}
      <Button component={RouterLink} to={PAGE_PATHS.todos} sx={{ mt: 3, display: 'block' }}>
        Open my todos
      </Button>
    </Paper>
  );
}
