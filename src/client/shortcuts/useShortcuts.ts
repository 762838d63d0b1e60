/**
 * Listens for the single-key shortcuts on the whole document and runs the handlers given. Escape
 * in a text field (outside dialogs) leaves the field, so the next key can be a shortcut.
 */
import { useEffect, useRef } from 'react';
import {
  isModalOpen,
  isTypingTarget,
  isUntouchedField,
  shortcutFor,
  UNTOUCHED_ATTRIBUTE,
  type Shortcut,
} from './shortcuts';

type ShortcutHandlers = Partial<Record<Shortcut, () => void>>;

export function useShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const modalOpen = isModalOpen(document);
      const { target } = event;
      if (event.key === 'Escape' && !modalOpen && isTypingTarget(target)) {
        event.preventDefault(); // a search field would also clear what was typed
        (target as HTMLElement).blur();
        return;
      }
      const shortcut = shortcutFor(event, { modalOpen });
      const handler = shortcut ? latest.current[shortcut] : undefined;
      if (!handler) return;
      event.preventDefault(); // "/" must not be typed into the search box it focuses
      // Only the first key into an untouched field can be a shortcut (the field drops its mark
      // itself when a key types into it).
      if (isUntouchedField(target)) (target as Element).removeAttribute(UNTOUCHED_ATTRIBUTE);
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
