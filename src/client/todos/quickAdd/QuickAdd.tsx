/**
 * The quick-add field: one line ("Pay rent every month on the 1st p1"), read as
 * it is typed, its parts highlighted and listed in words under it. Enter adds the todo and clears
 * the line (focus stays); Backspace right after a highlight, or Escape with the caret in one, keeps
 * that part as plain text (it goes back into the title); Details opens the Add dialog with what
 * was read. Pages give it their default due date (Today: today) and a ref for the `q` shortcut.
 */
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useState, type KeyboardEvent, type Ref } from 'react';
import { AddTodoDialog } from '../TodoDialogs';
import type { TodoDialogInput } from '../todoFormSchema';
import { HighlightedInput } from './HighlightedInput';
import { describeQuickAdd } from './quickAddSummary';
import { dialogValuesOf } from './quickAddTodo';
import type { QuickAddPart } from './quickAddTypes';
import { useQuickAdd, type QuickAddDefaults } from './useQuickAdd';

export const QUICK_ADD_LABEL = 'Quick add';
export const QUICK_ADD_PLACEHOLDER = 'Add a todo, e.g. Pay rent every month on the 1st p1';
export const QUICK_ADD_HINT =
  'Enter adds. Dates, times, "every …", p1–p4, #project and @label are read from the text.';

interface QuickAddProps extends QuickAddDefaults {
  inputRef?: Ref<HTMLInputElement>;
  /** Where the page places it (its margins, its share of a row). */
  sx?: SxProps<Theme>;
}

/** The part the caret is in (Escape) or right after (Backspace), if any. */
function partAt(parts: readonly QuickAddPart[], input: HTMLInputElement, key: string) {
  const { selectionStart: start, selectionEnd: end } = input;
  if (start === null || start !== end) return undefined;
  if (key === 'Backspace') return parts.find((part) => part.end === start);
  if (key === 'Escape') return parts.find((part) => part.start <= start && start <= part.end);
  return undefined;
}

export function QuickAdd({ inputRef, sx, ...defaults }: QuickAddProps) {
  const quick = useQuickAdd(defaults);
  const [details, setDetails] = useState<TodoDialogInput | undefined>();
  const words = describeQuickAdd(quick.result, {
    projectsApplied: true,
    projectName: quick.project?.attributes.name,
    labelName: quick.labelName,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void quick.submit();
      return;
    }
    const part = partAt(quick.result.parts, event.currentTarget, event.key);
    if (!part) return; // Escape elsewhere leaves the field, as in every text field
    event.preventDefault();
    event.stopPropagation();
    quick.keep(part);
  };

  return (
    <>
      <TextField
        fullWidth
        size="small" // a command line, not a form: it leaves the list its room
        label={QUICK_ADD_LABEL}
        placeholder={QUICK_ADD_PLACEHOLDER}
        value={quick.text}
        onChange={(event) => quick.change(event.target.value)}
        inputRef={inputRef}
        error={quick.error !== undefined}
        helperText={quick.error ?? (words.length ? words.join(' · ') : QUICK_ADD_HINT)}
        autoComplete="off"
        sx={sx}
        slotProps={{
          input: {
            inputComponent: HighlightedInput,
            inputProps: { parts: quick.result.parts, enterKeyHint: 'done', onKeyDown },
            endAdornment: (
              <InputAdornment position="end">
                <Button
                  size="small"
                  onClick={() => {
                    const line = quick.read();
                    setDetails(dialogValuesOf(line, quick.defaultsFor(line)));
                  }}
                >
                  Details
                </Button>
              </InputAdornment>
            ),
          },
          inputLabel: { shrink: true },
          formHelperText: { 'aria-live': 'polite' },
        }}
      />
      <AddTodoDialog
        open={details !== undefined}
        userId={defaults.userId}
        project={defaults.project}
        initialValues={details}
        onAdded={quick.clear}
        onClose={() => setDetails(undefined)}
      />
    </>
  );
}
