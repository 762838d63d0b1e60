/** What quick add read, in words: shown under the field and announced to screen readers. */
import { parseQuickAdd } from '../../../../src/client/todos/quickAdd/parseQuickAdd';
import {
  describeQuickAdd,
  describeRule,
  LABELS_LATER_TEXT,
  TAGS_LATER_TEXT,
} from '../../../../src/client/todos/quickAdd/quickAddSummary';

const options = { now: new Date('2026-11-27T09:00:00Z'), timeZone: 'Europe/Berlin' };
const describe_ = (text: string, tagsApplied?: boolean) =>
  describeQuickAdd(parseQuickAdd(text, options), {
    timeZone: 'Europe/Berlin',
    locale: 'en-GB',
    tagsApplied,
  });

test('due date, repeat and priority', () => {
  expect(describe_('Pay rent every month on the 1st p1')).toEqual([
    'Due Tue 1 Dec',
    'Repeats monthly',
    'Priority High',
  ]);
});

test('a time of day is shown in the user’s zone', () => {
  expect(describe_('Call mum tomorrow 5pm')).toEqual(['Due Sat 28 Nov, 17:00']);
});

test('p4 is no priority, said so', () => {
  expect(describe_('Buy milk p4')).toEqual(['Priority None']);
});

test('projects and labels say they are not applied yet', () => {
  expect(describe_('Buy milk #groceries @errands')).toEqual([
    `#groceries @errands: ${TAGS_LATER_TEXT}`,
  ]);
  expect(describe_('Buy milk #groceries', true)).toEqual(['#groceries']);
});

test('a #name of one of the user’s projects says the project; labels alone come later', () => {
  const isProject = (name: string) => name.toLowerCase() === 'groceries';
  const read = parseQuickAdd('Buy milk #Groceries @errands', { ...options, isProject });
  expect(describeQuickAdd(read, { projectsApplied: true, projectName: 'Groceries' })).toEqual([
    'Project Groceries',
    `@errands: ${LABELS_LATER_TEXT}`,
  ]);
  expect(read.title).toBe('Buy milk @errands');
  // Another #name is not read at all: it stays in the title, unsaid.
  const other = parseQuickAdd('Buy milk #market', { ...options, isProject });
  expect(describeQuickAdd(other, { projectsApplied: true })).toEqual([]);
  expect(other.title).toBe('Buy milk #market');
});

test('an @name of one of the user’s labels says the label, by its own name; another is not read', () => {
  const names = new Map([['errands', 'Errands']]);
  const isLabel = (name: string) => names.has(name.toLowerCase());
  const read = parseQuickAdd('Buy milk @ERRANDS @someday p2', { ...options, isLabel });
  const labelName = (name: string) => names.get(name.toLowerCase());
  expect(describeQuickAdd(read, { projectsApplied: true, labelName })).toEqual([
    'Priority Medium',
    'Label Errands',
  ]);
  expect(read.title).toBe('Buy milk @someday');
});

test('nothing read, nothing said', () => {
  expect(describe_('Buy milk')).toEqual([]);
});

test.each([
  ['FREQ=DAILY', 'daily'],
  ['FREQ=DAILY;INTERVAL=3', 'every 3 days'],
  ['FREQ=WEEKLY', 'weekly'],
  ['FREQ=WEEKLY;INTERVAL=2', 'every 2 weeks'],
  ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'every weekday'],
  ['FREQ=WEEKLY;BYDAY=SA,SU', 'every weekend'],
  ['FREQ=WEEKLY;BYDAY=MO,TH', 'weekly on Mon, Thu'],
  ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', 'every 2 weeks on Mon'],
  ['FREQ=MONTHLY', 'monthly'],
  ['FREQ=YEARLY;INTERVAL=2', 'every 2 years'],
])('%s reads "%s"', (rule, words) => {
  expect(describeRule(rule)).toBe(words);
});
