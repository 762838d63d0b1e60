import {
  isModalOpen,
  isTypingTarget,
  shortcutFor,
  UNTOUCHED_ATTRIBUTE,
  type ShortcutKeyEvent,
} from '../../../src/client/shortcuts/shortcuts';

const element = (html: string): Element => {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-target]') ?? document.body.firstElementChild!;
};
const press = (key: string, change: Partial<ShortcutKeyEvent> = {}, modalOpen = false) =>
  shortcutFor({ key, target: document.body, ...change }, { modalOpen });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('which key is which shortcut', () => {
  it('n adds, / searches, ? shows the help', () => {
    expect(press('n')).toBe('add');
    expect(press('/')).toBe('search');
    expect(press('?', { shiftKey: true })).toBe('help');
  });

  it('q focuses quick add, with Caps Lock too, but not Shift+Q', () => {
    expect(press('q')).toBe('quickAdd');
    expect(press('Q')).toBe('quickAdd');
    expect(press('Q', { shiftKey: true })).toBeNull();
  });

  it('takes N with Caps Lock, but not Shift+N', () => {
    expect(press('N')).toBe('add');
    expect(press('N', { shiftKey: true })).toBeNull();
  });

  it('takes "/" however the layout produces it (Shift+7 on a German keyboard)', () => {
    expect(press('/', { shiftKey: true })).toBe('search');
  });

  it('takes "Escape" as clearing the selection (a dialog or menu open keeps it for itself)', () => {
    expect(press('Escape')).toBe('clearSelection');
  });

  it.each(['a', 'Enter', ' ', 'Tab', 'ArrowDown', 'F1'])('ignores %j', (key) => {
    expect(press(key)).toBeNull();
  });
});

describe('when a key is not a shortcut', () => {
  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Alt', { altKey: true }],
    ['Meta', { metaKey: true }],
  ])('with %s held', (_name, change) => {
    expect(press('n', change)).toBeNull();
    expect(press('/', change)).toBeNull();
    expect(press('?', change)).toBeNull();
  });

  it('while a dialog or menu is open', () => {
    expect(press('n', {}, true)).toBeNull();
    expect(press('?', {}, true)).toBeNull();
  });

  it('when held down (auto-repeat), while composing, or already handled', () => {
    expect(press('n', { repeat: true })).toBeNull();
    expect(press('n', { isComposing: true })).toBeNull();
    expect(press('n', { defaultPrevented: true })).toBeNull();
  });

  it.each([
    ['a text input', '<input type="text">'],
    ['an input without a type', '<input>'],
    ['a search box', '<input type="search">'],
    ['an email field', '<input type="email">'],
    ['a number field', '<input type="number">'],
    ['a textarea', '<textarea></textarea>'],
    ['a select', '<select><option>1</option></select>'],
    ['editable content', '<div contenteditable="true"><p data-target>text</p></div>'],
    ['an element with role textbox', '<div role="textbox" data-target></div>'],
    ['a combobox', '<div role="combobox" data-target></div>'],
  ])('while typing in %s', (_name, html) => {
    const target = element(html);
    expect(isTypingTarget(target)).toBe(true);
    expect(press('n', { target })).toBeNull();
    expect(press('/', { target })).toBeNull();
    expect(press('?', { target })).toBeNull();
  });

  it.each([
    ['a button', '<button>Edit</button>'],
    ['a checkbox', '<input type="checkbox">'],
    ['a link', '<a href="/">Home</a>'],
    ['content made not editable', '<div contenteditable="false" data-target></div>'],
    ['the page', '<main></main>'],
  ])('but a key on %s is one', (_name, html) => {
    const target = element(html);
    expect(isTypingTarget(target)).toBe(false);
    expect(press('n', { target })).toBe('add');
  });

  it('a target that is not an element (the window) is not typing', () => {
    expect(isTypingTarget(window)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('whether a dialog or menu is open', () => {
  it('looks for a dialog, a menu or a listbox in the document', () => {
    expect(isModalOpen(document)).toBe(false);
    for (const role of ['dialog', 'alertdialog', 'menu', 'listbox']) {
      document.body.innerHTML = `<div role="${role}"></div>`;
      expect(isModalOpen(document)).toBe(true);
    }
  });
});

describe('a field the page focused on its own, untouched', () => {
  it('takes a shortcut key as the shortcut, and any other key as typing', () => {
    const target = element(`<input type="search" data-target ${UNTOUCHED_ATTRIBUTE}>`);
    expect(press('n', { target })).toBe('add');
    expect(press('?', { target, shiftKey: true })).toBe('help');
    expect(press('a', { target })).toBeNull();
  });

  it('once touched (the mark gone), every key types', () => {
    const target = element('<input type="search" data-target>');
    expect(press('n', { target })).toBeNull();
    expect(press('/', { target })).toBeNull();
  });
});
