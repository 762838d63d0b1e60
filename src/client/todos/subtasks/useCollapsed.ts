/**
 * Which todos have their subtasks folded: remembered per todo for the browser session
 * (sessionStorage), so a reload or a page change keeps them; every todo starts unfolded.
 */
import { useCallback, useState } from 'react';

const KEY = 'ticklist:collapsedSubtasks';

function stored(): Set<number> {
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(ids) ? ids.filter((id) => typeof id === 'number') : []);
  } catch {
    return new Set(); // storage refused or spoiled: everything unfolded
  }
}

export function useCollapsed(): [ReadonlySet<number>, (id: number) => void] {
  const [collapsed, setCollapsed] = useState(stored);
  const toggle = useCallback((id: number) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      try {
        sessionStorage.setItem(KEY, JSON.stringify([...next]));
      } catch {
        // kept for this page's life only
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
