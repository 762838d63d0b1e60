/**
 * Quick add's state: the line, the ranges kept as text (they follow edits), what the line reads
 * as, and Enter's add through the same mutation, offline queue and toasts as the Add dialog.
 * The line is read again at Enter, on the clock of that moment.
 */
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { titleField } from '../../../shared/schemas';
import { hasDueDates } from '../../lib/features';
import { useAddTodoMutation } from '../todosApi';
import { useChangeReporter } from '../useChangeReporter';
import { shiftKept } from './keptRanges';
import { parseQuickAdd } from './parseQuickAdd';
import { newTodoOf } from './quickAddTodo';
import type { TextRange } from './quickAddTypes';

export interface QuickAddDefaults {
  /** The signed-in user's id, sent as the owner (as the Add dialog does). */
  userId: number | undefined;
  /** The due date of a line that names no day (Today's page: today). */
  dueDate?: string | undefined;
}

export function useQuickAdd(defaults: QuickAddDefaults) {
  const [text, setText] = useState('');
  const [kept, setKept] = useState<TextRange[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [addTodo, { isLoading }] = useAddTodoMutation();
  const report = useChangeReporter('add');
  const read = () => parseQuickAdd(text, { keep: kept, dates: hasDueDates() });
  const result = useMemo(read, [text, kept]);

  const change = (next: string) => {
    setKept((ranges) => shiftKept(ranges, text, next));
    setText(next);
    setError(undefined);
  };
  const keep = (range: TextRange) =>
    setKept((ranges) => [...ranges, { start: range.start, end: range.end }]);
  const clear = () => {
    setText('');
    setKept([]);
    setError(undefined);
  };

  /** Adds the todo the line reads as; true when it went (the line is then cleared). */
  const submit = async (): Promise<boolean> => {
    if (isLoading || !text.trim()) return false;
    const now = read();
    const title = v.safeParse(titleField, now.title);
    if (!title.success) {
      setError(title.issues[0].message);
      return false;
    }
    const added = await report(() => addTodo(newTodoOf(now, defaults)).unwrap());
    if (added) clear();
    return added;
  };

  return { text, result, read, error, busy: isLoading, change, keep, clear, submit };
}
