/**
 * Quick add's parts and options: the ranges it highlights, the ranges the user keeps as text,
 * tags applied or kept in the title, and no dates where the backend has none.
 */
import { parseQuickAdd } from '../../../../src/client/todos/quickAdd/parseQuickAdd';
import type { QuickAddOptions } from '../../../../src/client/todos/quickAdd/quickAddTypes';

const at = (options: QuickAddOptions = {}): QuickAddOptions => ({
  now: new Date('2026-11-27T09:00:00Z'),
  timeZone: 'Europe/Berlin',
  ...options,
});

describe('parts', () => {
  it('names each recognised part with its range in the text, in text order', () => {
    const text = 'p2 Pay rent every month on the 1st #home @bills';
    const { parts } = parseQuickAdd(text, at());
    expect(parts).toEqual([
      { kind: 'priority', start: 0, end: 2, text: 'p2' },
      { kind: 'repeat', start: 12, end: 34, text: 'every month on the 1st' },
      { kind: 'project', start: 35, end: 40, text: '#home' },
      { kind: 'label', start: 41, end: 47, text: '@bills' },
    ]);
    for (const part of parts) expect(text.slice(part.start, part.end)).toBe(part.text);
  });

  it('a repeat and a time are two parts', () => {
    const { parts } = parseQuickAdd('Gym every monday 7pm', at());
    expect(parts.map(({ kind, text }) => [kind, text])).toEqual([
      ['repeat', 'every monday'],
      ['date', '7pm'],
    ]);
  });
});

describe('ranges kept as text', () => {
  it('a kept date stays in the title and gives no due date', () => {
    const text = 'Call mum tomorrow 5pm';
    const result = parseQuickAdd(text, at({ keep: [{ start: 9, end: 21 }] }));
    expect(result).toMatchObject({ title: text, dueDate: null, remindAt: null, parts: [] });
  });

  it('a kept priority stays in the title; the other parts are still read', () => {
    const result = parseQuickAdd('Buy milk p1 tomorrow', at({ keep: [{ start: 9, end: 11 }] }));
    expect(result).toMatchObject({ title: 'Buy milk p1', priority: null, dueDate: '2026-11-28' });
  });

  it('a kept repeat is not read as a date either', () => {
    const result = parseQuickAdd('Gym every monday', at({ keep: [{ start: 4, end: 16 }] }));
    expect(result).toMatchObject({ title: 'Gym every monday', recurrence: null, dueDate: null });
  });

  it('keeping part of a date leaves the rest to be read', () => {
    const result = parseQuickAdd('Call tomorrow 5pm', at({ keep: [{ start: 5, end: 13 }] }));
    expect(result).toMatchObject({ title: 'Call tomorrow', dueDate: '2026-11-27' });
    expect(result.remindAt).toBe('2026-11-27T16:00:00.000Z');
  });

  it('ranges past the end of the text are ignored', () => {
    expect(parseQuickAdd('Buy milk p1', at({ keep: [{ start: 40, end: 50 }] })).priority).toBe(3);
  });
});

describe('#project and @label', () => {
  it('stay in the title by default (nothing can apply them yet)', () => {
    expect(parseQuickAdd('Buy milk #groceries @errands', at())).toMatchObject({
      title: 'Buy milk #groceries @errands',
      project: 'groceries',
      labels: ['errands'],
    });
  });

  it('leave the title when they can be applied', () => {
    expect(parseQuickAdd('Buy milk #groceries @errands', at({ applyTags: true }))).toMatchObject({
      title: 'Buy milk',
      project: 'groceries',
      labels: ['errands'],
    });
  });

  it('a label named twice is one label', () => {
    expect(parseQuickAdd('@a @b @a', at()).labels).toEqual(['a', 'b']);
  });
});

describe('without due dates (a Strapi backend)', () => {
  it('dates and repeats stay in the title; priority is still read', () => {
    expect(parseQuickAdd('Call mum tomorrow every day p1', at({ dates: false }))).toMatchObject({
      title: 'Call mum tomorrow every day',
      dueDate: null,
      recurrence: null,
      priority: 3,
    });
  });
});

describe('the clock', () => {
  it('counts from now and the browser’s zone when none are given', () => {
    const result = parseQuickAdd('Call today');
    const today = new Date();
    const local = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
      .map((part, index) => String(part).padStart(index ? 2 : 4, '0'))
      .join('-');
    expect(result.dueDate).toBe(local);
  });
});
