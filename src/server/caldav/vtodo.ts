/**
 * A todo as an iCalendar VTODO and back, with ical.js. What a client sent is kept whole
 * (caldav_objects.ical) and answered again with only the properties whose Ticklist field changed
 * since rewritten, so X-APPLE-*, GEO, ATTACH, alarms, a DUE's time and TZID, a STATUS of IN-PROCESS
 * and the like survive a round trip. A todo never sent by a client is written fresh.
 *
 * PRIORITY: iCalendar's 1 is the highest and 9 the lowest (RFC 5545 §3.8.1.9); 1–4 read as high,
 * 5 as medium, 6–9 as low, 0 or none as none. Written: high 1, medium 5, low 9, none no property
 * (as the calendar feed writes it).
 */
import ICAL from 'ical.js';
import type { TodoRow } from '../db/types';
import { remindAtOf, writeAlarm } from './alarms';
import { categoriesOf, sameCategories, writeCategories } from './categories';
import { DavError } from './errors';
import {
  occurrenceRule,
  parentUidOf,
  repeatOf,
  sameRule,
  writeParent,
  writeRepeat,
} from './relations';
import { cal } from './xml';

/** The fields a VTODO and a todo share. */
export interface TodoFields {
  title: string;
  description: string | null;
  completed: boolean;
  dueDate: string | null;
  priority: number;
  /** The first alarm's moment (alarms.ts), an ISO instant. */
  remindAt: string | null;
  /** CATEGORIES: the names of its labels (categories.ts). */
  labels: string[];
  /** RRULE, when inside the app's subset (relations.ts); null: no repeat of the app's. */
  recurrence: string | null;
  /** RELATED-TO;RELTYPE=PARENT: the parent's UID, or null for a root. */
  parent: string | null;
}

const TITLE_MAX = 255;
const DESCRIPTION_MAX = 10_000;
const UNTITLED = 'Untitled';

const cut = (text: string, max: number) => Array.from(text).slice(0, max).join('');
// Control characters other than tab and newlines have no place in a title.
const clean = (text: string) =>
  Array.from(text)
    .filter((char) => {
      const code = char.codePointAt(0)!;
      return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
    })
    .join('');

const fromIcalPriority = (value: number): number =>
  value >= 1 && value <= 4 ? 3 : value === 5 ? 2 : value >= 6 && value <= 9 ? 1 : 0;
const ICAL_PRIORITY: Record<number, number | undefined> = { 3: 1, 2: 5, 1: 9 };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A DUE's calendar day as the client wrote it: its wall date in its own zone (or UTC). */
const dayOf = (time: ICAL.Time): string =>
  `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;

function timeValue(component: ICAL.Component, name: string): ICAL.Time | undefined {
  const value = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value : undefined;
}

function textValue(component: ICAL.Component, name: string): string | undefined {
  const value = component.getFirstPropertyValue(name);
  return value === null || value === undefined ? undefined : String(value);
}

/** What a VTODO says of the fields Ticklist keeps. */
export function fieldsOf(vtodo: ICAL.Component, calendar: ICAL.Component): TodoFields {
  const summary = clean(textValue(vtodo, 'summary') ?? '').trim();
  const description = textValue(vtodo, 'description');
  const status = textValue(vtodo, 'status')?.toUpperCase();
  const percent = Number(textValue(vtodo, 'percent-complete') ?? 0);
  const completed =
    status === 'COMPLETED' ||
    status === 'CANCELLED' ||
    (status === undefined && (vtodo.hasProperty('completed') || percent >= 100));
  const due = timeValue(vtodo, 'due');
  return {
    title: summary === '' ? UNTITLED : cut(summary, TITLE_MAX),
    description: description === undefined ? null : cut(clean(description), DESCRIPTION_MAX),
    completed,
    dueDate: due ? dayOf(due) : null,
    priority: fromIcalPriority(Number(textValue(vtodo, 'priority') ?? 0)),
    remindAt: remindAtOf(calendar, vtodo),
    labels: categoriesOf(vtodo),
    recurrence: repeatOf(calendar, vtodo),
    parent: parentUidOf(vtodo),
  };
}

export interface ParsedObject {
  uid: string;
  fields: TodoFields;
  /** The calendar as sent, kept whole. */
  text: string;
}

const invalid = (message: string, condition = 'valid-calendar-data') =>
  new DavError(403, message, cal(condition));

/** The master VTODO (not an override with RECURRENCE-ID) of a calendar. */
const masterOf = (calendar: ICAL.Component) =>
  calendar.getAllSubcomponents('vtodo').find((todo) => !todo.hasProperty('recurrence-id'));

function parseCalendar(text: string): ICAL.Component {
  try {
    const calendar = new ICAL.Component(ICAL.parse(text));
    if (calendar.name !== 'vcalendar') throw new Error('not a VCALENDAR');
    return calendar;
  } catch {
    throw invalid('The body is not an iCalendar object');
  }
}

/** A PUT's body: one VTODO with a UID; anything else is refused with the precondition it breaks. */
export function parseObject(text: string): ParsedObject {
  const calendar = parseCalendar(text);
  const vtodo = masterOf(calendar);
  if (!vtodo) throw invalid('Only VTODO resources are kept here', 'supported-calendar-component');
  const uid = textValue(vtodo, 'uid')?.trim();
  if (!uid || uid.length > 255)
    throw invalid('The VTODO needs a UID', 'valid-calendar-object-resource');
  // RFC 4791 §4.1: one resource is one todo (with its overrides); a second one would be lost.
  const others = calendar
    .getAllSubcomponents()
    .filter((component) => ['vtodo', 'vevent', 'vjournal'].includes(component.name))
    .some((component) => component.name !== 'vtodo' || textValue(component, 'uid')?.trim() !== uid);
  if (others)
    throw invalid(
      'A resource holds one VTODO, with overrides of its own UID only',
      'valid-calendar-object-resource',
    );
  const fields = fieldsOf(vtodo, calendar);
  if (fields.dueDate && !/^\d{4}-\d{2}-\d{2}$/.test(fields.dueDate))
    throw invalid('The DUE date is out of range');
  return { uid, fields, text };
}

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
