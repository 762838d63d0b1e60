/**
 * What the home dashboard shows, without fetching: the counts (All, Pending, Completed) and the
 * five most recently updated todos; skeletons while loading; a short line for a user with no
 * todos; an alert with a retry when the summary could not be loaded.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { TodoEntity } from '../../shared/api-types';
import { formatDateTime } from '../ui/dates';
import { RECENT_TODOS, type DashboardSummary } from './dashboardApi';
import { StatusBadge } from '../ui/StatusBadge';

export const EMPTY_DASHBOARD_TEXT = 'No todos available. Add your first todo!';
export const DASHBOARD_ERROR_TITLE = 'Your todos could not be loaded.';
export const RECENT_HEADING = 'Recently updated';

type DashboardState =
  | { status: 'loading' }
  | { status: 'error'; message: string; onRetry?: () => void }
  | { status: 'ready'; summary: DashboardSummary };

const COUNTS = [
  { key: 'all', label: 'All', color: 'text.primary' },
  { key: 'pending', label: 'Pending', color: 'text.primary' },
  { key: 'completed', label: 'Completed', color: 'success.main' },
] as const;

const formatCount = (value: number) => value.toLocaleString('en-US');

function Counts({ summary }: { summary: DashboardSummary | undefined }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
        gap: { xs: 1, sm: 2 },
        m: 0,
      }}
    >
      {COUNTS.map(({ key, label, color }) => (
        <Paper
          key={key}
          variant="outlined"
          data-testid={`count-${key}`}
          sx={{
            p: { xs: 1.5, sm: 2 },
            textAlign: 'center',
            display: 'flex',
            flexDirection: 'column-reverse',
          }}
        >
          <Typography
            component="dt"
            variant="body2"
            color="text.secondary"
            sx={{ fontWeight: 500 }}
          >
            {label}
          </Typography>
          <Typography
            component="dd"
            sx={{
              m: 0,
              fontWeight: 700,
              color,
              fontSize: { xs: '1.5rem', sm: '2.125rem' },
              lineHeight: 1.3,
            }}
          >
            {summary ? (
              formatCount(summary[key])
            ) : (
              <Skeleton data-testid="count-skeleton" sx={{ mx: 'auto' }} width="60%" />
            )}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function RecentTodo({ todo }: { todo: TodoEntity }) {
  const { title, completed, updatedAt } = todo.attributes;
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="recent-todo"
      sx={{ p: 1.5, listStyle: 'none' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {title}
        </Typography>
        <StatusBadge completed={completed} />
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        Updated at: {formatDateTime(updatedAt)}
      </Typography>
    </Paper>
  );
}

function RecentSkeleton() {
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="recent-skeleton"
      sx={{ p: 1.5, listStyle: 'none' }}
    >
      <Skeleton width="60%" />
      <Skeleton width="40%" />
    </Paper>
  );
}

function Recent({ todos }: { todos: TodoEntity[] | undefined }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {RECENT_HEADING}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {todos
          ? todos.map((todo) => <RecentTodo key={todo.id} todo={todo} />)
          : Array.from({ length: RECENT_TODOS }, (_, index) => <RecentSkeleton key={index} />)}
      </Stack>
    </Box>
  );
}

export function DashboardView({ state }: { state: DashboardState }) {
  if (state.status === 'error') {
    return (
      <Alert
        severity="error"
        action={
          state.onRetry ? (
            <Button color="inherit" size="small" onClick={state.onRetry}>
              Try again
            </Button>
          ) : undefined
        }
      >
        <AlertTitle>{DASHBOARD_ERROR_TITLE}</AlertTitle>
        {state.message}
      </Alert>
    );
  }
  const summary = state.status === 'ready' ? state.summary : undefined;
  if (summary?.all === 0) {
    return (
      <Typography data-testid="dashboard-empty" sx={{ textAlign: 'center' }}>
        {EMPTY_DASHBOARD_TEXT}
      </Typography>
    );
  }
  return (
    <Box data-testid="dashboard" aria-busy={state.status === 'loading'}>
      <Counts summary={summary} />
      <Recent todos={summary?.recent} />
    </Box>
  );
}
