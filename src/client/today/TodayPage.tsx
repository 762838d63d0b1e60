/**
 * /today: the open todos due today or earlier (overdue first), then those of the next 7 days,
 * grouped by day. Rows tick, edit and delete as on the list; the tags refetch the page after
 * every change, also one made elsewhere (live events). The round Add button adds a todo due today,
 * and so does quick add ("q") when its line names no day.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { TodoEntity } from '../../shared/api-types';
import { useSessionUser } from '../session';
import { listErrorDetails } from '../lib/messages';
import {
  AddTodoButton,
  AddTodoDialog,
  DeleteTodoDialog,
  EditTodoDialog,
  QuickAdd,
  TodoRow,
  TodoRowSkeletons,
} from '../todos';
import { useShortcuts } from '../shortcuts';
import { ErrorPage } from '../ui/ErrorPage';
import { localToday } from '../ui/dueDates';
import { useGetDueTodosQuery } from './todayApi';
import { groupByDay, type DayGroup } from './todayGroups';

export const NOTHING_TODAY_TEXT = 'Nothing due today.';
export const TRUNCATED_TEXT =
  'Only the first 100 todos of a group are shown: see Todos, sorted by due date, for the rest.';

type DialogState = { kind: 'add' | 'edit' | 'delete'; open: boolean; todo?: TodoEntity };

export default function TodayPage() {
  const user = useSessionUser();
  const today = localToday();
  const { data, error, isLoading } = useGetDueTodosQuery(today, {
    refetchOnMountOrArgChange: true,
  });
  const [dialog, setDialog] = useState<DialogState>({ kind: 'edit', open: false });
  const close = () => setDialog((current) => ({ ...current, open: false }));
  const addButton = useRef<HTMLButtonElement>(null);
  const quickAddInput = useRef<HTMLInputElement>(null);
  useShortcuts(error && !data ? {} : { quickAdd: () => quickAddInput.current?.focus() });

  if (error && !data) {
    const { status, message } = listErrorDetails(error);
    return <ErrorPage status={status} title={message} />;
  }

  const groups = data ? groupByDay(data.dueByToday, data.dueSoon, today) : [];
  const row = (todo: TodoEntity) => (
    <TodoRow
      key={todo.id}
      todo={todo}
      today={today}
      titleAs="h3"
      onEdit={(target) => setDialog({ kind: 'edit', open: true, todo: target })}
      onDelete={(target) => setDialog({ kind: 'delete', open: true, todo: target })}
    />
  );

  return (
    <Box sx={{ pb: 4 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        Today
      </Typography>
      <QuickAdd userId={user?.id} dueDate={today} inputRef={quickAddInput} sx={{ mb: 2 }} />
      {isLoading || !data ? (
        <TodoRowSkeletons />
      ) : (
        groups.map((group) => <Group key={group.key} group={group} renderRow={row} />)
      )}
      {data?.truncated && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {TRUNCATED_TEXT}
        </Typography>
      )}
      <AddTodoButton ref={addButton} onClick={() => setDialog({ kind: 'add', open: true })} />
      <AddTodoDialog
        open={dialog.kind === 'add' && dialog.open}
        userId={user?.id}
        dueDate={today}
        onClose={close}
      />
      <EditTodoDialog
        open={dialog.kind === 'edit' && dialog.open}
        todo={dialog.todo}
        onClose={close}
      />
      <DeleteTodoDialog
        open={dialog.kind === 'delete' && dialog.open}
        todo={dialog.todo}
        userId={user?.id}
        onClose={close}
      />
    </Box>
  );
}

function Group({
  group,
  renderRow,
}: {
  group: DayGroup;
  renderRow(todo: TodoEntity): React.ReactNode;
}) {
  const headingId = `day-${group.key}`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="day-group" sx={{ mb: 3 }}>
      <Typography
        id={headingId}
        component="h2"
        variant="h6"
        color={group.key === 'overdue' ? 'error' : undefined}
      >
        {group.heading}
        {group.date && group.date !== group.heading && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {group.date}
          </Typography>
        )}
      </Typography>
      {group.todos.length ? (
        <Paper component="ul" variant="outlined" sx={{ p: 0, m: 0, mt: 1 }}>
          {group.todos.map(renderRow)}
        </Paper>
      ) : (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {NOTHING_TODAY_TEXT}
        </Typography>
      )}
    </Box>
  );
}
