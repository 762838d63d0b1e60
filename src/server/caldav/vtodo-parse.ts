/**
 * A client's VTODO read with ical.js: the fields Ticklist keeps (vtodo.ts writes them back), and
 * a PUT's body checked for the preconditions of RFC 4791 §4.1.
 *
 * PRIORITY: iCalendar's 1 is the highest and 9 the lowest (RFC 5545 §3.8.1.9); 1–4 read as high,
 * 5 as medium, 6–9 as low, 0 or none as none.
 */
import ICAL from 'ical.js';
import { remindAtOf } from './alarms';
import { categoriesOf } from './categories';
import { DavError } from './errors';
import { parentUidOf, repeatOf } from './relations';
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

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A DUE's calendar day as the client wrote it: its wall date in its own zone (or UTC). */
const dayOf = (time: ICAL.Time): string =>
  `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;

export function timeValue(component: ICAL.Component, name: string): ICAL.Time | undefined {
  const value = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value : undefined;
}

export function textValue(component: ICAL.Component, name: string): string | undefined {
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
export const masterOf = (calendar: ICAL.Component) =>
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
