/**
 * The list's selects, each with a visible label: items per page, sort field, order, and the status
 * and priority filters; then "Reset view". Native selects: a phone shows its own picker.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { hasDueDates } from '../lib/features';
import {
  PAGE_SIZES,
  PRIORITY_FILTERS,
  sortFields,
  SORT_ORDERS,
  STATUS_FILTERS,
  type TodoView,
} from './view';

interface ViewSelectProps<T extends string | number> {
  label: string;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange(value: T): void;
  minWidth: number;
}

/** One select; the choice is found again by its text, so numbers stay numbers. */
function ViewSelect<T extends string | number>({
  label,
  value,
  choices,
  onChange,
  minWidth,
}: ViewSelectProps<T>) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => {
        const chosen = choices.find((choice) => String(choice.value) === event.target.value);
        if (chosen) onChange(chosen.value);
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: { md: minWidth } }}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );
}

const PAGE_SIZE_CHOICES = PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

interface ViewSelectsProps {
  view: TodoView;
  /** A project's or the Inbox's list: "Your order" is among the sorts. */
  scoped?: boolean;
  onChange(change: Partial<TodoView>): void;
  onReset?(): void;
}

export function ViewSelects({ view, scoped = false, onChange, onReset }: ViewSelectsProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        // Phones: two by two; then three a row; from lg up the five in a row beside the search.
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: onReset ? 'repeat(5, auto) auto' : 'repeat(5, auto)',
        },
        gap: 2,
      }}
    >
      <ViewSelect
        label="Items per page"
        value={view.pageSize}
        choices={PAGE_SIZE_CHOICES}
        onChange={(pageSize) => onChange({ pageSize })}
        minWidth={120}
      />
      <ViewSelect
        label="Sort by"
        value={view.sort}
        choices={sortFields(hasDueDates(), scoped)}
        onChange={(sort) => onChange({ sort })}
        minWidth={140}
      />
      <ViewSelect
        label="Order"
        value={view.order}
        choices={SORT_ORDERS}
        onChange={(order) => onChange({ order })}
        minWidth={120}
      />
      <ViewSelect
        label="Status"
        value={view.status}
        choices={STATUS_FILTERS}
        onChange={(status) => onChange({ status })}
        minWidth={120}
      />
      <ViewSelect
        label="Priority"
        value={view.priority}
        choices={PRIORITY_FILTERS}
        onChange={(priority) => onChange({ priority })}
        minWidth={110}
      />
      {onReset && (
        <Button
          size="small"
          onClick={onReset}
          // Beside the last select: the five and this fill two rows of three, or three of two.
          sx={{ justifySelf: 'start', alignSelf: 'center', whiteSpace: 'nowrap' }}
        >
          Reset view
        </Button>
      )}
    </Box>
  );
}
