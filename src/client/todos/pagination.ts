/** The pagination arithmetic of the todo list: pure, so it is tested without a screen. */

/** At most this many page buttons: the previous, the current and the next page. */
const PAGE_WINDOW = 3;

/** The last page: at least 1, also for an empty list. */
export function lastPage(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Keeps a page within 1..last; anything unreadable becomes page 1. */
export function clampPage(page: number, last: number): number {
  const top = Math.max(1, Math.floor(last) || 1);
  if (!Number.isFinite(page)) return 1;
  return Math.min(top, Math.max(1, Math.floor(page)));
}

/** The page buttons to show: the previous, the current and the next page, where they exist. */
export function pageWindow(page: number, last: number): number[] {
  const current = clampPage(page, last);
  const pages: number[] = [];
  for (let candidate = current - 1; candidate <= current + 1; candidate += 1) {
    if (candidate >= 1 && candidate <= last) pages.push(candidate);
  }
  return pages.slice(0, PAGE_WINDOW);
}

/** The number shown before a row: numbering starts at 1 and continues across pages. */
export function rowNumber(page: number, pageSize: number, index: number): number {
  return (Math.max(1, page) - 1) * pageSize + index + 1;
}

/** The first and last entry numbers on a page, both 0 for an empty list. */
export function entryRange(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const current = clampPage(page, lastPage(total, pageSize));
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(total, current * pageSize) };
}

/** "Showing X to Y of Z entries". */
export function showingText(page: number, pageSize: number, total: number): string {
  const { from, to } = entryRange(page, pageSize, total);
  return `Showing ${from} to ${to} of ${Math.max(0, total)} entries`;
}

/** Whether a move to `target` is allowed: within 1..last, not the current page, not while loading. */
export function canGoTo(target: number, current: number, last: number, busy: boolean): boolean {
  return !busy && Number.isInteger(target) && target >= 1 && target <= last && target !== current;
}
