/**
 * Mounted once in the layout: "?" opens the shortcuts help on every page. The dialog (MUI Dialog,
 * Modal, focus trap) is loaded on the first "?", so pages where nobody asks for it do not carry it.
 */
import { lazy, Suspense, useState } from 'react';
import { useShortcuts } from './useShortcuts';

const ShortcutsHelpDialog = lazy(() => import('./ShortcutsHelpDialog'));

export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useShortcuts({
    help: () => {
      setWanted(true);
      setOpen(true);
    },
  });
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsHelpDialog open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
