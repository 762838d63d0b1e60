/**
 * Quick add's reading of a line, phrase by phrase, in the user's time zone and clock (issue 42,
 * item 3). The zone is passed in, as the app passes the browser's, so the table reads the same on
 * any machine; the DST rows cross the spring and autumn changes of Berlin and New York.
 */
import { parseQuickAdd } from '../../../../src/client/todos/quickAdd/parseQuickAdd';
import type { QuickAddResult } from '../../../../src/client/todos/quickAdd/quickAddTypes';

type Expected = Partial<Omit<QuickAddResult, 'parts'>> & { title: string };

const NOTHING = {
  dueDate: null,
  remindAt: null,
  recurrence: null,
  priority: null,
  project: null,
  labels: [],
};

function read(text: string, now: string, timeZone: string) {
  const { parts: _parts, ...fields } = parseQuickAdd(text, { now: new Date(now), timeZone });
  return fields;
}

const MONTHLY = 'FREQ=MONTHLY';
const WEEKDAYS = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';

// Friday 27 November 2026, 10:00 in Berlin (CET, UTC+1).
const BERLIN_FRIDAY: [string, Expected][] = [
  ['Call mum tomorrow 5pm', { title: 'Call mum', dueDate: '2026-11-28', remindAt: '2026-11-28T16:00:00.000Z' }],
  ['Call mum at 5pm tomorrow', { title: 'Call mum', dueDate: '2026-11-28', remindAt: '2026-11-28T16:00:00.000Z' }],
  ['Pay rent every month on the 1st p1', { title: 'Pay rent', dueDate: '2026-12-01', recurrence: MONTHLY, priority: 3 }],
  ['Report next fri', { title: 'Report', dueDate: '2026-12-04' }],
  ['Dentist in 3 days', { title: 'Dentist', dueDate: '2026-11-30' }],
  ['Trip on 12 March', { title: 'Trip', dueDate: '2027-03-12' }],
  ['Groceries today', { title: 'Groceries', dueDate: '2026-11-27' }],
  ['Dinner tonight', { title: 'Dinner', dueDate: '2026-11-27' }],
  ['Plan next week', { title: 'Plan', dueDate: '2026-12-04' }],
  ['Cook on sat', { title: 'Cook', dueDate: '2026-11-28' }],
  ['Submit report by friday', { title: 'Submit report', dueDate: '2026-11-27' }],
  ['Pay bills due tomorrow', { title: 'Pay bills', dueDate: '2026-11-28' }],
  ['Lunch at 12:30', { title: 'Lunch', dueDate: '2026-11-27', remindAt: '2026-11-27T11:30:00.000Z' }],
  ['Meet at 17', { title: 'Meet', dueDate: '2026-11-27', remindAt: '2026-11-27T16:00:00.000Z' }],
  ['Lunch noon', { title: 'Lunch', dueDate: '2026-11-27', remindAt: '2026-11-27T11:00:00.000Z' }],
  ['Wake up 7am', { title: 'Wake up', dueDate: '2026-11-28', remindAt: '2026-11-28T06:00:00.000Z' }],
  ['Party 2026-12-05', { title: 'Party', dueDate: '2026-12-05' }],
  ['Fly Dec 24 8pm', { title: 'Fly', dueDate: '2026-12-24', remindAt: '2026-12-24T19:00:00.000Z' }],
  ['Check oven in 2 hours', { title: 'Check oven', dueDate: '2026-11-27', remindAt: '2026-11-27T11:00:00.000Z' }],
  ['Stretch every day', { title: 'Stretch', dueDate: '2026-11-27', recurrence: 'FREQ=DAILY' }],
  ['EVERY DAY Journal', { title: 'Journal', dueDate: '2026-11-27', recurrence: 'FREQ=DAILY' }],
  ['Standup every weekday', { title: 'Standup', dueDate: '2026-11-27', recurrence: WEEKDAYS }],
  ['Standup every weekday 9:30am', { title: 'Standup', dueDate: '2026-11-30', remindAt: '2026-11-30T08:30:00.000Z', recurrence: WEEKDAYS }],
  ['Review every 2 weeks', { title: 'Review', dueDate: '2026-11-27', recurrence: 'FREQ=WEEKLY;INTERVAL=2' }],
  ['Card every year', { title: 'Card', dueDate: '2026-11-27', recurrence: 'FREQ=YEARLY' }],
  ['Backup every month', { title: 'Backup', dueDate: '2026-11-27', recurrence: MONTHLY }],
  ['Gym every monday', { title: 'Gym', dueDate: '2026-11-30', recurrence: 'FREQ=WEEKLY;BYDAY=MO' }],
  ['Water plants every 3 days', { title: 'Water plants', dueDate: '2026-11-27', recurrence: 'FREQ=DAILY;INTERVAL=3' }],
  ['Bins every tue, thu & sat', { title: 'Bins', dueDate: '2026-11-28', recurrence: 'FREQ=WEEKLY;BYDAY=TU,TH,SA' }],
  ['Gym every monday and thursday 7pm', { title: 'Gym', dueDate: '2026-11-30', remindAt: '2026-11-30T18:00:00.000Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO,TH' }],
  ['Payroll every other week', { title: 'Payroll', dueDate: '2026-11-27', recurrence: 'FREQ=WEEKLY;INTERVAL=2' }],
  ['Sync every other monday', { title: 'Sync', dueDate: '2026-11-30', recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO' }],
  ['Clean every weekend', { title: 'Clean', dueDate: '2026-11-28', recurrence: 'FREQ=WEEKLY;BYDAY=SA,SU' }],
  ['Invoice every 15th', { title: 'Invoice', dueDate: '2026-12-15', recurrence: MONTHLY }],
  ['Rent every month on the 31st', { title: 'Rent', dueDate: '2026-12-31', recurrence: MONTHLY }],
  ['Tax every year on 31 Jan', { title: 'Tax', dueDate: '2027-01-31', recurrence: 'FREQ=YEARLY' }],
  ['Stretch every day 8am', { title: 'Stretch', dueDate: '2026-11-28', remindAt: '2026-11-28T07:00:00.000Z', recurrence: 'FREQ=DAILY' }],
  ['Pills every day 11am', { title: 'Pills', dueDate: '2026-11-27', remindAt: '2026-11-27T10:00:00.000Z', recurrence: 'FREQ=DAILY' }],
  ['Sync every 2 weeks on mon and fri 8am', { title: 'Sync', dueDate: '2026-11-30', remindAt: '2026-11-30T07:00:00.000Z', recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR' }],
  ['Buy milk p1', { title: 'Buy milk', priority: 3 }],
  ['Buy milk p2', { title: 'Buy milk', priority: 2 }],
  ['Buy milk P3', { title: 'Buy milk', priority: 1 }],
  ['Buy milk p4', { title: 'Buy milk', priority: 0 }],
  ['!1 Buy milk', { title: 'Buy milk', priority: 3 }],
  ['Buy !2 milk', { title: 'Buy milk', priority: 2 }],
  ['Buy milk !3', { title: 'Buy milk', priority: 1 }],
  ['Buy milk p5', { title: 'Buy milk p5' }],
  ['Buy milk !4', { title: 'Buy milk !4' }],
  ['p1 p2', { title: 'p2', priority: 3 }],
  ['Learn C# p2', { title: 'Learn C#', priority: 2 }],
  ['Buy   milk   tomorrow   p1', { title: 'Buy milk', dueDate: '2026-11-28', priority: 3 }],
  // #project and @label are read, and stay in the title until a todo can have them.
  ['Buy milk #groceries', { title: 'Buy milk #groceries', project: 'groceries' }],
  ['Call @phone Anna', { title: 'Call @phone Anna', labels: ['phone'] }],
  ['Ship v2 #work #home', { title: 'Ship v2 #work #home', project: 'work' }],
  ['Call Anna at 9am tomorrow !1 #family @phone', { title: 'Call Anna #family @phone', dueDate: '2026-11-28', remindAt: '2026-11-28T08:00:00.000Z', priority: 3, project: 'family', labels: ['phone'] }],
  ['# alone', { title: '# alone' }],
  ['@ alone', { title: '@ alone' }],
  ['Fix #123', { title: 'Fix #123' }],
  ['mail bob@example.com', { title: 'mail bob@example.com' }],
  ['Read https://example.com/guide#setup tomorrow', { title: 'Read https://example.com/guide#setup', dueDate: '2026-11-28' }],
  ['See https://example.com/2026/03/12/post', { title: 'See https://example.com/2026/03/12/post' }],
  // A date alone leaves no title: not addable.
  ['tomorrow', { title: '', dueDate: '2026-11-28' }],
  // What would be a guess stays in the title.
  ['Watch the sun set', { title: 'Watch the sun set' }],
  ['March madness', { title: 'March madness' }],
  ['Meet at 5', { title: 'Meet at 5' }],
  ['1/2 cup flour', { title: '1/2 cup flour' }],
  ['Read 1984', { title: 'Read 1984' }],
  ['Do it now', { title: 'Do it now' }],
  ['Dinner sat', { title: 'Dinner sat' }],
  ['Read every 2nd tuesday', { title: 'Read every 2nd tuesday' }],
  ['Water plants every morning', { title: 'Water plants every morning' }],
  ['Ping every 1000 days', { title: 'Ping every 1000 days' }],
  ['Invoice every 32nd', { title: 'Invoice every 32nd' }],
]; // prettier-ignore

// The same Friday, 10:00 in New York (EST, UTC-5).
const NEW_YORK_FRIDAY: [string, Expected][] = [
  ['Call mum tomorrow 5pm', { title: 'Call mum', dueDate: '2026-11-28', remindAt: '2026-11-28T22:00:00.000Z' }],
  ['Lunch noon', { title: 'Lunch', dueDate: '2026-11-27', remindAt: '2026-11-27T17:00:00.000Z' }],
  ['Pay rent every month on the 1st p1', { title: 'Pay rent', dueDate: '2026-12-01', recurrence: MONTHLY, priority: 3 }],
  ['Standup every weekday 9am', { title: 'Standup', dueDate: '2026-11-30', remindAt: '2026-11-30T14:00:00.000Z', recurrence: WEEKDAYS }],
  ['Dinner tonight', { title: 'Dinner', dueDate: '2026-11-27' }],
]; // prettier-ignore

describe.each([
  ['Europe/Berlin', '2026-11-27T09:00:00Z', BERLIN_FRIDAY],
  ['America/New_York', '2026-11-27T15:00:00Z', NEW_YORK_FRIDAY],
])('in %s at %s', (timeZone, now, table) => {
  it.each(table)('%s', (text, expected) => {
    expect(read(text, now, timeZone)).toEqual({ ...NOTHING, ...expected });
  });
});

// With the user's own projects (Work, Family) and labels (phone, Errands, to-do) known, as the app reads a line.
const MINE: [string, Expected][] = [
  ['Call Anna @phone', { title: 'Call Anna', labels: ['phone'] }],
  ['Call Anna @PHONE', { title: 'Call Anna', labels: ['PHONE'] }],
  ['Buy milk @errands @phone tomorrow', { title: 'Buy milk', dueDate: '2026-11-28', labels: ['errands', 'phone'] }],
  ['Buy milk @errands @errands', { title: 'Buy milk', labels: ['errands'] }],
  ['Tidy up @to-do', { title: 'Tidy up', labels: ['to-do'] }],
  ['Call Anna @someday', { title: 'Call Anna @someday' }],
  ['Call Anna @someday @phone', { title: 'Call Anna @someday', labels: ['phone'] }],
  ['Ship v2 #work @phone p1', { title: 'Ship v2', project: 'work', labels: ['phone'], priority: 3 }],
  ['Ping anna@phone.example', { title: 'Ping anna@phone.example' }],
  ['@ alone', { title: '@ alone' }],
]; // prettier-ignore

describe('with the user’s projects and labels', () => {
  const known = (names: string[]) => (name: string) => names.includes(name.toLowerCase());
  it.each(MINE)('%s', (text, expected) => {
    const { parts: _parts, ...fields } = parseQuickAdd(text, {
      now: new Date('2026-11-27T09:00:00Z'),
      timeZone: 'Europe/Berlin',
      isProject: known(['work', 'family']),
      isLabel: known(['phone', 'errands', 'to-do']),
    });
    expect(fields).toEqual({ ...NOTHING, ...expected });
  });
});

describe('the day is the user’s, not UTC’s', () => {
  // 04:30 UTC on the 28th is still the 27th in New York (23:30) and already the 28th in Berlin.
  const now = '2026-11-28T04:30:00Z';
  it.each([
    ['America/New_York', 'today', '2026-11-27', null],
    ['America/New_York', 'tomorrow 9am', '2026-11-28', '2026-11-28T14:00:00.000Z'],
    ['America/New_York', '11pm', '2026-11-28', '2026-11-29T04:00:00.000Z'],
    ['Europe/Berlin', 'today', '2026-11-28', null],
    ['Europe/Berlin', 'tomorrow 9am', '2026-11-29', '2026-11-29T08:00:00.000Z'],
  ])('%s: "%s" is due %s', (timeZone, text, dueDate, remindAt) => {
    expect(read(`Task ${text}`, now, timeZone)).toMatchObject({ title: 'Task', dueDate, remindAt });
  });
});

describe('around daylight saving changes', () => {
  it.each([
    // Berlin springs forward on Sunday 29 March 2026 (02:00 → 03:00); now is Saturday noon.
    ['Europe/Berlin', '2026-03-28T11:00:00Z', 'tomorrow 9am', '2026-03-29', '2026-03-29T07:00:00.000Z'],
    ['Europe/Berlin', '2026-03-28T11:00:00Z', 'tomorrow 2:30am', '2026-03-29', '2026-03-29T01:30:00.000Z'],
    ['Europe/Berlin', '2026-03-28T11:00:00Z', 'every day 9am', '2026-03-29', '2026-03-29T07:00:00.000Z'],
    ['Europe/Berlin', '2026-03-28T11:00:00Z', 'next monday 8am', '2026-03-30', '2026-03-30T06:00:00.000Z'],
    // Berlin falls back on Sunday 25 October 2026 (03:00 → 02:00): 2:30 happens twice, the first is taken.
    ['Europe/Berlin', '2026-10-24T10:00:00Z', 'tomorrow 9am', '2026-10-25', '2026-10-25T08:00:00.000Z'],
    ['Europe/Berlin', '2026-10-24T10:00:00Z', 'tomorrow 2:30am', '2026-10-25', '2026-10-25T00:30:00.000Z'],
    ['Europe/Berlin', '2026-10-24T10:00:00Z', 'tomorrow 5pm', '2026-10-25', '2026-10-25T16:00:00.000Z'],
    // New York springs forward on Sunday 8 March 2026, falls back on Sunday 1 November 2026.
    ['America/New_York', '2026-03-07T17:00:00Z', 'tomorrow 9am', '2026-03-08', '2026-03-08T13:00:00.000Z'],
    ['America/New_York', '2026-03-07T17:00:00Z', 'tomorrow 2:30am', '2026-03-08', '2026-03-08T07:30:00.000Z'],
    ['America/New_York', '2026-03-07T17:00:00Z', 'every sunday 10am', '2026-03-08', '2026-03-08T14:00:00.000Z'],
    ['America/New_York', '2026-10-31T16:00:00Z', 'tomorrow 9am', '2026-11-01', '2026-11-01T14:00:00.000Z'],
    ['America/New_York', '2026-10-31T16:00:00Z', 'tomorrow 1:30am', '2026-11-01', '2026-11-01T05:30:00.000Z'],
    ['America/New_York', '2026-10-31T16:00:00Z', 'in 2 days 6pm', '2026-11-02', '2026-11-02T23:00:00.000Z'],
  ])('%s at %s: "%s" → %s, %s', (timeZone, now, text, dueDate, remindAt) => {
    expect(read(`Call ${text}`, now, timeZone)).toMatchObject({ title: 'Call', dueDate, remindAt });
  });
}); // prettier-ignore
