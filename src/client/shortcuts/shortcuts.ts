/**
 * Single-key shortcuts: which key does what, and when a key press is not a shortcut at all
 * (typing in a field, a modifier held, a dialog or menu open). Pure, so it is tested on its own.
 *
 * A field the page focused on its own (the Todos page's search box) is marked untouched until
 * the user types into it, clicks into it or leaves it: there the first key, when it is a
 * shortcut, acts as one, so `n`, `/` and `?` work on arrival. Once touched, keys type.
 */

export type Shortcut = 'add' | 'quickAdd' | 'search' | 'help' | 'clearSelection';

/** What the help dialog lists: every shortcut, plus the keys dialogs answer to. */
export const SHORTCUT_HELP: readonly { keys: string; description: string }[] = [
  { keys: 'n', description: 'Add a new todo (on the Todos page)' },
  { keys: 'q', description: 'Quick add: type a todo in one line (on the Todos and Today pages)' },
  { keys: '/', description: 'Search the todos (on the Todos page)' },
  { keys: '?', description: 'Show these keyboard shortcuts' },
  { keys: 'Esc', description: 'Close a dialog or a menu' },
  { keys: 'Esc', description: 'Leave a text field, so the next key can be a shortcut' },
  { keys: 'Enter', description: 'Submit a dialog' },
  { keys: 'Esc', description: 'Clear the selection (on the Todos page)' },
];

/** The parts of a keyboard event that decide whether it is a shortcut. */
export interface ShortcutKeyEvent {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
  repeat?: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

interface ShortcutContext {
  /** A dialog or a menu is open: its keys are its own. */
  modalOpen: boolean;
}

/** Input types that take no typed text, so a letter pressed on them can be a shortcut. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);
const TYPING_ROLES =
  '[contenteditable]:not([contenteditable="false"]), [role="textbox"], [role="searchbox"], [role="combobox"]';

/** The attribute that marks a field focused by the page, not the user, with nothing typed yet. */
export const UNTOUCHED_ATTRIBUTE = 'data-untouched';

/** Whether this is a field the page focused and the user has not typed into, clicked into or left. */
export const isUntouchedField = (target: EventTarget | null): boolean =>
  typeof (target as Partial<Element> | null)?.hasAttribute === 'function' &&
  (target as Element).hasAttribute(UNTOUCHED_ATTRIBUTE);

/** Whether a key press on this element types into it (a text input, textarea, select or editable content). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as Partial<Element> | null;
  if (!element || typeof element.closest !== 'function') return false;
  switch (element.tagName) {
    case 'TEXTAREA':
    case 'SELECT':
      return true;
    case 'INPUT':
      return !NON_TEXT_INPUTS.has((element as HTMLInputElement).type);
    default:
      return element.closest(TYPING_ROLES) !== null;
  }
}

/** The shortcut a key press asks for, or null when it is not one. */
export function shortcutFor(
  event: ShortcutKeyEvent,
  { modalOpen }: ShortcutContext,
): Shortcut | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (event.repeat || event.isComposing || event.defaultPrevented) return null;
  if (modalOpen) return null;
  if (isTypingTarget(event.target) && !isUntouchedField(event.target)) return null;
  switch (event.key) {
    case 'n':
      return 'add';
    case 'N': // Caps Lock on; Shift+N is not the shortcut
      return event.shiftKey ? null : 'add';
    case 'q':
      return 'quickAdd';
    case 'Q':
      return event.shiftKey ? null : 'quickAdd';
    case '/':
      return 'search';
    case '?':
      return 'help';
    case 'Escape':
      return 'clearSelection';
    default:
      return null;
  }
}

/** Whether a dialog or a menu (or a select's list) is open in this document. */
export const isModalOpen = (doc: Document): boolean =>
  doc.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !==
  null;
