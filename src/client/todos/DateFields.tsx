/**
 * The form's date controls: a due date picker, a reminder date-and-time picker (sent in
 * UTC) and a Repeat select with the weekdays of a weekly series. MUI X pickers with dayjs, in the
 * reader's language and week start (ui/pickerLocale.ts).
 */
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useId, useState } from 'react';
import { Controller, useFormState, useWatch, type Control } from 'react-hook-form';
import { FIRST_DATE, LAST_DATE } from '../../shared/dates';
import { useSessionUser } from '../session';
import { loadPickerLocale } from '../ui/pickerLocale';
import type { TodoDialogInput, TodoDialogValues } from './todoFormSchema';
import { REPEATS, WEEKDAYS, type Weekday } from './todoFormValues';

let localeLoad: Promise<string> | undefined;

function usePickerLocale(): string {
  const [locale, setLocale] = useState('en');
  useEffect(() => {
    let live = true;
    void (localeLoad ??= loadPickerLocale()).then((name) => live && setLocale(name));
    return () => {
      live = false;
    };
  }, []);
  return locale;
}

/** The pickers offer the days the API takes (their own default ends in 2099). */
const range = { minDate: dayjs(FIRST_DATE), maxDate: dayjs(LAST_DATE) };

/** What a half-typed or impossible date is sent to the schema as: it fails the date check. */
const UNREADABLE = 'unreadable';

/** A picker bound to a text value; it keeps its own (possibly half-typed) date while the user types. */
function usePickerValue(
  value: string | undefined,
  onChange: (text: string) => void,
  toText: (date: Dayjs) => string,
) {
  const [shown, setShown] = useState<Dayjs | null>(value ? dayjs(value) : null);
  const change = (date: Dayjs | null) => {
    setShown(date);
    onChange(date === null ? '' : date.isValid() ? toText(date) : UNREADABLE);
  };
  return [shown, change] as const;
}

interface FieldProps {
  value: string | undefined;
  onChange(text: string): void;
  error: string | undefined;
}

function DueDateField({ value, onChange, error }: FieldProps) {
  const [shown, change] = usePickerValue(value, onChange, (date) => date.format('YYYY-MM-DD'));
  return (
    <DatePicker
      label="Due date"
      value={shown}
      onChange={change}
      {...range}
      slotProps={{
        field: { clearable: true },
        textField: {
          fullWidth: true,
          margin: 'normal',
          error: Boolean(error),
          helperText: error,
          sx: sectionFocus,
        },
      }}
    />
  );
}

/** The focused part of a date (month, day, year…) gets a ring of its own, as every control does. */
const sectionFocus = {
  '& [role="spinbutton"]:focus': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: 1,
    borderRadius: 0.5,
  },
} as const;

/** Under the reminder while the user's address is unconfirmed: the server mails confirmed addresses only. */
const UNCONFIRMED_REMINDER_NOTE =
  'Reminders are emailed only to a confirmed address. Confirm yours on your profile.';

function RemindAtField({ value, onChange, error }: FieldProps) {
  const [shown, change] = usePickerValue(value, onChange, (date) => date.toISOString());
  const unconfirmed = useSessionUser()?.confirmed === false;
  const helperText = error ?? (unconfirmed ? UNCONFIRMED_REMINDER_NOTE : undefined);
  return (
    <DateTimePicker
      label="Reminder"
      value={shown}
      onChange={change}
      {...range}
      ampm={false}
      slotProps={{
        field: { clearable: true },
        textField: {
          fullWidth: true,
          margin: 'normal',
          error: Boolean(error),
          helperText,
          sx: sectionFocus,
        },
      }}
    />
  );
}

/** Weekday toggles, starting on the locale's first day of the week. */
function WeekdayToggles({
  value,
  onChange,
  locale,
}: {
  value: Weekday[];
  onChange(days: Weekday[]): void;
  locale: string;
}) {
  const start = dayjs.Ls[locale]?.weekStart ?? 0;
  const order = WEEKDAYS.map((_, index) => WEEKDAYS[(index + start) % 7]!);
  // 2026-11-01 is a Sunday: day n of that week names weekday n.
  const name = (day: Weekday, weekday: 'short' | 'long') =>
    new Intl.DateTimeFormat(locale, { weekday }).format(
      new Date(2026, 10, 1 + WEEKDAYS.indexOf(day)),
    );
  const labelId = useId();
  return (
    <Box sx={{ mt: 1 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        On these days (none: the due date's weekday)
      </Typography>
      <ToggleButtonGroup
        size="small"
        value={value}
        onChange={(_event, days: Weekday[]) => onChange(days)}
        aria-labelledby={labelId}
        sx={{ flexWrap: 'wrap' }}
      >
        {order.map((day) => (
          <ToggleButton key={day} value={day} aria-label={name(day, 'long')}>
            {name(day, 'short')}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

/** The date controls, bound to the add/edit form through react-hook-form's Controller. */
export function DateFields({
  control,
}: {
  control: Control<TodoDialogInput, unknown, TodoDialogValues>;
}) {
  const locale = usePickerLocale();
  const repeat = useWatch({ control, name: 'repeat' });
  // The rule the controls make is checked as a whole; what is wrong with it shows under Repeat.
  const recurrenceError = useFormState({ control, name: 'recurrence' }).errors.recurrence;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale}>
      <Controller
        control={control}
        name="dueDate"
        render={({ field, fieldState }) => (
          <DueDateField
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="remindAt"
        render={({ field, fieldState }) => (
          <RemindAtField
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="repeat"
        render={({ field: { ref, value, ...field }, fieldState }) => {
          const error = fieldState.error ?? recurrenceError;
          return (
            <TextField
              {...field}
              inputRef={ref}
              value={value ?? 'never'}
              select
              label="Repeat"
              fullWidth
              margin="normal"
              error={Boolean(error)}
              helperText={error?.message}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {REPEATS.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </TextField>
          );
        }}
      />
      {repeat === 'WEEKLY' && (
        <Controller
          control={control}
          name="weekdays"
          render={({ field }) => (
            <WeekdayToggles
              value={(field.value ?? []) as Weekday[]}
              onChange={field.onChange}
              locale={locale}
            />
          )}
        />
      )}
    </LocalizationProvider>
  );
}
