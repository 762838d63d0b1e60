/**
 * Quick add's state: the line, the ranges kept as text (they follow edits), what the line reads
 * as, and Enter's add through the same mutation, offline queue and toasts as the Add dialog.
 * The line is read again at Enter, on the clock of that moment; a failed add keeps it.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { titleField } from '../../../shared/schemas';
import { hasDueDates } from '../../lib/features';
import { labelNamed, useLabels } from '../../labels';
import { projectNamed, useProjects } from '../../projects';
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
  /** The project of a line that names none (a project page's; null or left out: the Inbox). */
  project?: number | null | undefined;
}

export function useQuickAdd(defaults: QuickAddDefaults) {
  const [text, setText] = useState('');
  const [kept, setKept] = useState<TextRange[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [addTodo, { isLoading }] = useAddTodoMutation();
  // A second Enter before the first add has answered adds nothing (the state has not caught up yet).
  const sending = useRef(false);
  const latestText = useRef(text);
  latestText.current = text;
  const report = useChangeReporter('add');
  // `#name` is read when it names one of the user's projects, in any case.
  const { all: projects } = useProjects();
  const projectOf = useCallback((name: string) => projectNamed(projects, name), [projects]);
  const isProject = useMemo(() => (name: string) => projectOf(name) !== undefined, [projectOf]);
  // `@name` likewise, with the user's labels.
  const { all: labels } = useLabels();
  const labelOf = useCallback((name: string) => labelNamed(labels, name), [labels]);
  const isLabel = useMemo(() => (name: string) => labelOf(name) !== undefined, [labelOf]);
  const read = useCallback(
    () => parseQuickAdd(text, { keep: kept, dates: hasDueDates(), isProject, isLabel }),
    [text, kept, isProject, isLabel],
  );
  const result = useMemo(read, [read]);
  /** The defaults for this line: its `#project` over the page's, and its `@label`s. */
  const defaultsFor = (line: typeof result) => {
    const named = line.project === null ? undefined : projectOf(line.project);
    const ids = line.labels.flatMap((name) => labelOf(name)?.id ?? []);
    return { ...defaults, ...(named ? { project: named.id } : {}), labels: ids };
  };

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
    if (sending.current || !text.trim()) return false;
    const now = read();
    const title = v.safeParse(titleField, now.title);
    if (!title.success) {
      setError(title.issues[0].message);
      return false;
    }
    sending.current = true;
    try {
      const added = await report(() => addTodo(newTodoOf(now, defaultsFor(now))).unwrap());
      // A line typed meanwhile is the next todo: it stays.
      if (added && latestText.current === text) clear();
      return added;
    } finally {
      sending.current = false;
    }
  };

  return {
    text,
    result,
    read,
    /** The user's project the line's `#name` stands for, if any. */
    project: result.project === null ? undefined : projectOf(result.project),
    /** The name of the user's label an `@name` of the line stands for. */
    labelName: (name: string) => labelOf(name)?.attributes.name,
    defaultsFor,
    error,
    busy: isLoading,
    change,
    keep,
    clear,
    submit,
  };
}
