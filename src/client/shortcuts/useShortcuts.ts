/** Listens for the single-key shortcuts on the whole document and runs the handlers given. */
import { useEffect, useRef } from 'react';
import { isModalOpen, shortcutFor, type Shortcut } from './shortcuts';

type ShortcutHandlers = Partial<Record<Shortcut, () => void>>;

export function useShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event, { modalOpen: isModalOpen(document) });
      const handler = shortcut ? latest.current[shortcut] : undefined;
      if (!handler) return;
      event.preventDefault(); // "/" must not be typed into the search box it focuses
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
