/**
 * A user's dated todos as an iCalendar feed (RFC 5545): one VTODO each, or, for calendar apps that
 * show no VTODOs in a subscription (Google Calendar, Outlook, Apple Calendar), one all-day VEVENT per
 * open todo on its due date. The lines are written here with ical-generator's own escaping
 * (`escape`: backslash, comma, semicolon, newline) and line folding (`foldLines`: 75 octets, CRLF
 * and a space), as it writes no VTODOs, and CRLF line ends as the RFC requires. Read 1,000 todos at
 * a time, as the export is.
 */
import { escape, foldLines } from 'ical-generator';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { firstOccurrence } from '../todos/rule-dates';

type Db = Kysely<Database>;

const BATCH = 1000;
const CRLF = '\r\n';

/** An ISO instant as an iCalendar UTC date-time: 20261205T073000Z. */
const dateTime = (iso: string) => `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`;
const date = (day: string) => day.replace(/-/g, '');
const property = (name: string, value: string) => foldLines(`${name}:${value}`);

interface FeedTodo {
  id: number;
  title: string;
  description: string | null;
  completed: number;
  due_date: string | null;
  recurrence: string | null;
  created_at: string;
  updated_at: string;
  priority: number;
  /** The series' occurrences so far and whether it ended (null when not in a series). */
  occurrences: number | null;
  ended: number | null;
}

/**
 * The series' rule as seen from this occurrence (its DTSTART): a COUNT counts what is left. An
 * ended series, a completed occurrence or a todo outside a series repeats no more; nor does one
 * whose date is not on its rule (made before series started on the rule's first day), as RFC 5545
 * leaves such a set undefined: its next occurrence, on the rule, repeats again.
 */
function ruleFrom(todo: FeedTodo): string | undefined {
  if (!todo.recurrence || todo.completed || todo.occurrences === null || todo.ended)
    return undefined;
  if (!todo.due_date || firstOccurrence(todo.recurrence, todo.due_date) !== todo.due_date)
    return undefined;
  const made = todo.occurrences;
  return todo.recurrence.replace(
    /COUNT=(\d+)/,
    (_match, count: string) => `COUNT=${Math.max(1, Number(count) - made + 1)}`,
  );
}

/**
 * RFC 5545 §3.8.1.9's PRIORITY for ours: 1 is its highest and 9 its lowest, so high is 1, medium
 * 5 (its "medium" and CUA's) and low 9; none gets no PRIORITY line (its 0, "undefined", is the default).
 */
const ICAL_PRIORITY: Record<number, number | undefined> = { 3: 1, 2: 5, 1: 9 };

/** The lines every component of a todo starts with. */
const common = (todo: FeedTodo, host: string) => [
  property('UID', `todo-${todo.id}@${host}`),
  property('DTSTAMP', dateTime(todo.updated_at)),
  property('CREATED', dateTime(todo.created_at)),
  property('LAST-MODIFIED', dateTime(todo.updated_at)),
  property('SUMMARY', escape(todo.title, false)),
  ...(todo.description ? [property('DESCRIPTION', escape(todo.description, false))] : []),
  ...(ICAL_PRIORITY[todo.priority]
    ? [property('PRIORITY', String(ICAL_PRIORITY[todo.priority]))]
    : []),
];

function vtodo(todo: FeedTodo, host: string): string {
  const rule = ruleFrom(todo);
  const lines = [
    'BEGIN:VTODO',
    ...common(todo, host),
    // A recurrence is anchored at DTSTART; the due date is the occurrence's day.
    ...(rule && todo.due_date ? [property('DTSTART;VALUE=DATE', date(todo.due_date))] : []),
    ...(todo.due_date ? [property('DUE;VALUE=DATE', date(todo.due_date))] : []),
    property('STATUS', todo.completed ? 'COMPLETED' : 'NEEDS-ACTION'),
    ...(rule ? [property('RRULE', rule)] : []),
    'END:VTODO',
  ];
  return lines.join(CRLF) + CRLF;
}

/** The next day of a 'YYYY-MM-DD' date: an all-day event ends (exclusively) there. */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** An open, dated todo as an all-day event on its due date (repeating as its series does). */
function vevent(todo: FeedTodo, host: string): string {
  const rule = ruleFrom(todo);
  const lines = [
    'BEGIN:VEVENT',
    ...common(todo, host),
    property('DTSTART;VALUE=DATE', date(todo.due_date!)),
    property('DTEND;VALUE=DATE', date(dayAfter(todo.due_date!))),
    property('TRANSP', 'TRANSPARENT'),
    ...(rule ? [property('RRULE', rule)] : []),
    'END:VEVENT',
  ];
  return lines.join(CRLF) + CRLF;
}

export type FeedKind = 'todos' | 'events';

/** The owner's dated, live todos (open ones only for events) as a whole VCALENDAR, in pieces. */
export async function* calendarFeed(
  db: Db,
  ownerId: number,
  host: string,
  kind: FeedKind = 'todos',
): AsyncGenerator<string> {
  yield [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Ticklist//Ticklist//EN',
    'CALSCALE:GREGORIAN',
    property('X-WR-CALNAME', 'Ticklist'),
    '',
  ].join(CRLF);
  const dated = db
    .selectFrom('todos')
    .leftJoin('todo_series', 'todo_series.id', 'todos.series_id')
    .select([
      'todos.id',
      'todos.title',
      'todos.description',
      'todos.completed',
      'todos.due_date',
      'todos.recurrence',
      'todos.created_at',
      'todos.updated_at',
      'todos.priority',
    ])
    .select(['todo_series.occurrences', 'todo_series.ended'])
    .where('todos.owner_id', '=', ownerId)
    .where('todos.deleted_at', 'is', null)
    .where('todos.due_date', 'is not', null)
    // A calendar of events shows what is left to do.
    .$if(kind === 'events', (query) => query.where('todos.completed', '=', 0));
  const component = kind === 'events' ? vevent : vtodo;
  for (let after = 0; ;) {
    const rows = await dated
      .where('todos.id', '>', after)
      .orderBy('todos.id')
      .limit(BATCH)
      .execute();
    if (rows.length > 0) yield rows.map((row) => component(row, host)).join('');
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  yield `END:VCALENDAR${CRLF}`;
}
