/**
 * The ranges the user chose to keep as plain text follow the text as it is edited: a range before
 * the edit stays, one after it moves with it, and one the edit touches is dropped (its words may
 * now mean something else, so they are read again).
 */
import type { TextRange } from './quickAddTypes';

/** Where two texts differ: the changed span of the old one and how much longer the new one is. */
function editBetween(before: string, after: string) {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start])
    start += 1;
  let tail = 0;
  while (
    tail < before.length - start &&
    tail < after.length - start &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail += 1;
  return { start, end: before.length - tail, delta: after.length - before.length };
}

export function shiftKept(kept: readonly TextRange[], before: string, after: string): TextRange[] {
  if (before === after) return [...kept];
  const edit = editBetween(before, after);
  return kept.flatMap((range) => {
    if (range.end <= edit.start) return [range];
    if (range.start >= edit.end)
      return [{ start: range.start + edit.delta, end: range.end + edit.delta }];
    return [];
  });
}
