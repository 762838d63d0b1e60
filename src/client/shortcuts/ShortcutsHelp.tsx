/** Mounted once in the layout: "?" opens the shortcuts help on every page. */
import { useState } from 'react';
import { ShortcutsHelpDialog } from './ShortcutsHelpDialog';
import { useShortcuts } from './useShortcuts';

export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  useShortcuts({ help: () => setOpen(true) });
  return <ShortcutsHelpDialog open={open} onClose={() => setOpen(false)} />;
}
