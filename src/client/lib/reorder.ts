/**
 * Reordering a list by drag and drop or keyboard (dnd-kit), shared by the projects and the todos:
 * the new order put back into the slots the moved items held, and what dnd-kit announces while an
 * item moves.
 */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/**
 * `moved` (the shown items, in their new order) put back into the slots they held in `all`, in
 * order; the items not shown (e.g. archived projects) keep theirs.
 */
export function intoSlots<T>(
  all: readonly T[],
  moved: readonly T[],
  isShown: (item: T) => boolean,
): T[] {
  const queue = moved[Symbol.iterator]();
  return all.map((slot) => (isShown(slot) ? queue.next().value! : slot));
}

/**
 * The positions of `moved` (a page's items in their new order) taken from the positions the same
 * items held before, so the rest of the list (other pages) keeps its places; only the items whose
 * position changes are returned. Equal positions (a backend that gave every item 0) are spread
 * upwards first, one apart, or the new order could not be told from the old.
 */
export function positionsInSlots<T extends { id: number }>(
  moved: readonly T[],
  positionOf: (item: T) => number,
): { item: T; position: number }[] {
  const slots = moved.map(positionOf).sort((a, b) => a - b);
  for (let index = 1; index < slots.length; index++)
    slots[index] = Math.max(slots[index]!, slots[index - 1]! + 1);
  return moved
    .map((item, index) => ({ item, position: slots[index]! }))
    .filter(({ item, position }) => positionOf(item) !== position);
}

/**
 * PUTs each new position (`{data: {position}}` to `collection/id`) one after the other, for a
 * reorder endpoint's queryFn; the first error ends it, and the caller's optimistic patch is undone.
 */
export async function putPositions(
  baseQuery: (
    args: FetchArgs,
  ) => PromiseLike<{ error?: FetchBaseQueryError }> | { error?: FetchBaseQueryError },
  collection: 'todos' | 'projects',
  placed: readonly { item: { id: number }; position: number }[],
): Promise<{ data: null } | { error: FetchBaseQueryError }> {
  for (const { item, position } of placed) {
    const result = await baseQuery({
      url: `${collection}/${item.id}`,
      method: 'PUT',
      body: { data: { position } },
    });
    if (result.error) return { error: result.error };
  }
  return { data: null };
}

/** Tells a screen-reader user how to move an item with the keyboard (dnd-kit reads it out). */
export const reorderInstructions = (noun: string): ScreenReaderInstructions => ({
  draggable: `To move a ${noun}, press Space or Enter to pick it up, the up and down arrow keys to move it, Space or Enter to drop it, or Escape to cancel.`,
});

/** What dnd-kit announces while an item moves: its kind (`noun`), its name and its place, counted from 1. */
export function reorderAnnouncements(
  noun: string,
  nameOf: (id: string | number) => string,
  placeOf: (id: string | number) => number,
  count: number,
): Announcements {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const at = (id: string | number) => `position ${placeOf(id)} of ${count}`;
  // dnd-kit reports the picked-up item over its own place at once: that is no move to announce
  // (it would cut off "Picked up"), until the item has been somewhere else.
  let moved = false;
  return {
    onDragStart: ({ active }) => {
      moved = false;
      return `Picked up ${noun} ${nameOf(active.id)}, at ${at(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || (!moved && over.id === active.id)) return undefined;
      moved = true;
      return `${Noun} ${nameOf(active.id)} is now at ${at(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${Noun} ${nameOf(active.id)} dropped at ${at(over.id)}.`
        : `${Noun} ${nameOf(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled: ${noun} ${nameOf(active.id)} is back at ${at(active.id)}.`,
  };
}
