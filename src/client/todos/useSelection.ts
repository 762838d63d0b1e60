/**
 * The rows ticked for a bulk action: ids on the page shown. The selection starts empty whenever
 * the view changes (page, page size, search, sort, status), so an action never reaches rows the
 * user can no longer see; ids that leave the page (deleted elsewhere) drop out too.
 */
import { useCallback, useMemo, useState } from 'react';

interface Selection {
  /** The selected ids that are on the page, in page order. */
  ids: number[];
  has(id: number): boolean;
  toggle(id: number, selected: boolean): void;
  /** Selects every row on the page, or none. */
  setAll(selected: boolean): void;
  clear(): void;
}

const NONE: ReadonlySet<number> = new Set();

export function useSelection(viewKey: string, pageIds: number[]): Selection {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<number> }>({
    key: viewKey,
    ids: new Set(),
  });
  // A new view starts empty (set during render, React's way to reset state on a prop change).
  if (state.key !== viewKey) setState({ key: viewKey, ids: NONE });
  const chosen = state.key === viewKey ? state.ids : NONE;
  const ids = useMemo(() => pageIds.filter((id) => chosen.has(id)), [pageIds, chosen]);

  const update = useCallback(
    (change: (ids: Set<number>) => void) =>
      setState((current) => {
        const next = new Set(current.key === viewKey ? current.ids : []);
        change(next);
        return { key: viewKey, ids: next };
      }),
    [viewKey],
  );

  return {
    ids,
    has: (id) => chosen.has(id),
    toggle: (id, selected) => update((next) => (selected ? next.add(id) : next.delete(id))),
    setAll: (selected) =>
      update((next) => (selected ? pageIds.forEach((id) => next.add(id)) : next.clear())),
    clear: () => update((next) => next.clear()),
  };
}
