/**
 * A todo written as an iCalendar VTODO with ical.js (vtodo-parse.ts reads one). What a client
 * sent is kept whole (caldav_objects.ical) and answered again with only the properties whose
 * Ticklist field changed since rewritten, so X-APPLE-*, GEO, ATTACH, alarms, a DUE's time and TZID, a STATUS of IN-PROCESS
 * and the like survive a round trip. A todo never sent by a client is written fresh.
 *
 * PRIORITY is written high 1, medium 5, low 9, none no property (as the calendar feed writes it).
 */
import ICAL from 'ical.js';
import type { TodoRow } from '../db/types';
import { writeAlarm } from './alarms';
import { sameCategories, writeCategories } from './categories';
import { occurrenceRule, sameRule, writeParent, writeRepeat } from './relations';
import { fieldsOf, masterOf, timeValue, type TodoFields } from './vtodo-parse';

/** iCalendar's PRIORITY of each of Ticklist's (high 1, medium 5, low 9; none: no property). */
const ICAL_PRIORITY: Record<number, number | undefined> = { 3: 1, 2: 5, 1: 9 };

const utc = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);

function setText(vtodo: ICAL.Component, name: string, value: string | null | undefined) {
  vtodo.removeAllProperties(name);
  if (value !== null && value !== undefined) vtodo.addPropertyWithValue(name, value);
}

/** Rewrites the properties of the fields that differ from what the stored VTODO says. */
function applyFields(vtodo: ICAL.Component, todo: RenderedTodo, before: TodoFields | undefined) {
  if (before?.title !== todo.title) setText(vtodo, 'summary', todo.title);
  if (before?.description !== todo.description) setText(vtodo, 'description', todo.description);
  if (before?.completed !== Boolean(todo.completed)) {
    for (const name of ['status', 'completed', 'percent-complete']) vtodo.removeAllProperties(name);
    vtodo.addPropertyWithValue('status', todo.completed ? 'COMPLETED' : 'NEEDS-ACTION');
    if (todo.completed) {
      vtodo.addPropertyWithValue('completed', utc(todo.updated_at));
      vtodo.addPropertyWithValue('percent-complete', 100);
    }
  }
  if (before?.dueDate !== todo.due_date) {
    vtodo.removeAllProperties('due');
    if (todo.due_date) {
      const due = ICAL.Time.fromDateString(todo.due_date);
      vtodo.addPropertyWithValue('due', due);
      // DTSTART must be of DUE's type and not after it (RFC 5545 §3.8.2.3).
      const start = timeValue(vtodo, 'dtstart');
      if (start && (!start.isDate || start.compare(due) > 0)) {
        vtodo.removeAllProperties('dtstart');
        vtodo.addPropertyWithValue('dtstart', due.clone());
      }
    }
  }
  if (before?.priority !== todo.priority)
    setText(
      vtodo,
      'priority',
      ICAL_PRIORITY[todo.priority] === undefined ? null : String(ICAL_PRIORITY[todo.priority]),
    );
  if (before?.remindAt !== todo.remind_at) writeAlarm(vtodo, todo.remind_at);
  const labels = todo.labels ?? [];
  if (!before || !sameCategories(before.labels, labels)) writeCategories(vtodo, labels);
  const rule = occurrenceRule(todo.recurrence, todo.seriesPosition);
  if (!before || !sameRule(before.recurrence, rule) || (rule && before.dueDate !== todo.due_date))
    writeRepeat(vtodo, rule, todo.due_date);
  if (before?.parent !== todo.parentUid) writeParent(vtodo, todo.parentUid);
}

/**
 * A todo as rendered: its row, the names of its labels (none when not loaded), its parent's UID,
 * which occurrence of its series it is (relations.ts occurrenceRule; null: none).
 */
export type RenderedTodo = TodoRow & {
  labels?: string[];
  parentUid: string | null;
  seriesPosition: number | null;
};

export interface StoredObject {
  uid: string;
  ical: string;
  /** The mapping it was stored under: before MAPPING, its RRULE and RELATED-TO stay as sent. */
  mapping: number;
  /** The parent UID its RELATED-TO named that no todo had (migration 027): it stays as sent. */
  pendingParent?: string | null;
}

/** The mapping of today's texts: 1 maps RRULE and RELATED-TO (caldav_objects.mapping, migration 024). */
export const MAPPING = 1;

/** The app's UID for a todo no client named, as the calendar feed gives it. */
export const defaultUid = (todoId: number, host: string) => `todo-${todoId}@${host}`;

/** The todo as a whole VCALENDAR text, from what a client sent (if any) and the todo as it is now. */
export function renderTodo(
  todo: RenderedTodo,
  stored: StoredObject | undefined,
  host: string,
): string {
  let calendar: ICAL.Component | undefined;
  let vtodo: ICAL.Component | undefined;
  if (stored) {
    try {
      calendar = new ICAL.Component(ICAL.parse(stored.ical));
      vtodo = masterOf(calendar);
    } catch {
      calendar = undefined;
    }
  }
  let before = vtodo && calendar ? fieldsOf(vtodo, calendar) : undefined;
  // A text stored before RRULE and RELATED-TO were mapped: the app never read them, so they stay
  // unless the app has a repeat or a parent of its own to write.
  if (before && stored && stored.mapping < MAPPING)
    before = {
      ...before,
      recurrence: todo.recurrence === null ? null : before.recurrence,
      parent: todo.parentUid === null ? null : before.parent,
    };
  // A parent no todo had when it was sent: the todo is a root meanwhile, and the RELATED-TO stays.
  if (before && stored?.pendingParent && before.parent === stored.pendingParent)
    before = { ...before, parent: null };
  if (!calendar || !vtodo) {
    calendar = new ICAL.Component('vcalendar');
    calendar.addPropertyWithValue('version', '2.0');
    calendar.addPropertyWithValue('prodid', '-//Ticklist//Ticklist//EN');
    vtodo = new ICAL.Component('vtodo');
    calendar.addSubcomponent(vtodo);
    vtodo.addPropertyWithValue('uid', stored?.uid ?? defaultUid(todo.id, host));
    vtodo.addPropertyWithValue('created', utc(todo.created_at));
  }
  for (const name of ['dtstamp', 'last-modified']) {
    vtodo.removeAllProperties(name);
    vtodo.addPropertyWithValue(name, utc(todo.updated_at));
  }
  applyFields(vtodo, todo, before);
  return calendar.toString().replace(/\r?\n/g, '\r\n') + '\r\n';
}
