/**
 * calendar-query's filter (RFC 4791 §9.7) applied to a todo's calendar: comp-filter (nested, with
 * is-not-defined and time-range), prop-filter (is-not-defined, text-match with its collation and
 * negate-condition, time-range). A time-range on a VTODO follows §9.9's table. Times without a
 * zone the server knows are read as UTC.
 */
import ICAL from 'ical.js';
import { DavError } from './errors';
import { child, childrenNamed, NS, type XmlNode } from './xml';

interface Range {
  start: number;
  end: number;
}

const C = NS.caldav;

/** A time-range attribute (20261201T000000Z); absent: unbounded. */
function instant(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text.trim());
  if (!match) throw new DavError(400, 'A time-range needs UTC date-times', '<c:valid-filter/>');
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

function rangeOf(node: XmlNode | undefined): Range | undefined {
  if (!node) return undefined;
  return { start: instant(node.attrs.start, -Infinity), end: instant(node.attrs.end, Infinity) };
}

function timeOf(component: ICAL.Component, name: string): number | undefined {
  const value = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value.toUnixTime() * 1000 : undefined;
}

function todoInRange(todo: ICAL.Component, { start, end }: Range): boolean {
  const dtstart = timeOf(todo, 'dtstart');
  const due = timeOf(todo, 'due');
  const duration = todo.getFirstPropertyValue('duration');
  const completed = timeOf(todo, 'completed');
  const created = timeOf(todo, 'created');
  if (dtstart !== undefined && duration instanceof ICAL.Duration) {
    const finish = dtstart + duration.toSeconds() * 1000;
    return (start <= dtstart || start < finish) && (end > dtstart || end >= finish);
  }
  if (dtstart !== undefined && due !== undefined)
    return (start <= dtstart || start < due) && (end > dtstart || end >= due);
  if (dtstart !== undefined) return start <= dtstart && end > dtstart;
  // RFC 4791 §9.9: ((start < DUE) OR (start <= DUE)) AND ((end > DUE) OR (end >= DUE)).
  if (due !== undefined) return start <= due && end >= due;
  if (completed !== undefined && created !== undefined)
    return (start <= created || start <= completed) && (end >= created || end >= completed);
  if (completed !== undefined) return start <= completed && end >= completed;
  if (created !== undefined) return end > created;
  return true;
}

function inRange(component: ICAL.Component, range: Range): boolean {
  if (component.name === 'vtodo') return todoInRange(component, range);
  const at = timeOf(component, 'dtstart');
  return at === undefined || (range.start <= at && at < range.end);
}

function textMatches(node: XmlNode, value: string): boolean {
  const exact = node.attrs.collation === 'i;octet';
  const found = exact
    ? value.includes(node.text)
    : value.toLowerCase().includes(node.text.toLowerCase());
  return node.attrs['negate-condition'] === 'yes' ? !found : found;
}

function propMatches(filter: XmlNode, component: ICAL.Component): boolean {
  const properties = component.getAllProperties((filter.attrs.name ?? '').toLowerCase());
  if (child(filter, C, 'is-not-defined')) return properties.length === 0;
  if (properties.length === 0) return false;
  const text = child(filter, C, 'text-match');
  const range = rangeOf(child(filter, C, 'time-range'));
  return properties.some(
    (property) =>
      // A list's text (CATEGORIES:home,work) is all its values, not the first one.
      (!text || textMatches(text, property.getValues().map(String).join(','))) &&
      (!range ||
        (() => {
          const value = property.getFirstValue();
          if (!(value instanceof ICAL.Time)) return false;
          const at = value.toUnixTime() * 1000;
          return range.start <= at && at < range.end;
        })()),
  );
}

function compMatches(filter: XmlNode, components: ICAL.Component[]): boolean {
  const name = (filter.attrs.name ?? '').toLowerCase();
  const candidates = components.filter((component) => component.name === name);
  if (child(filter, C, 'is-not-defined')) return candidates.length === 0;
  const range = rangeOf(child(filter, C, 'time-range'));
  return candidates.some(
    (component) =>
      (!range || inRange(component, range)) &&
      childrenNamed(filter, C, 'prop-filter').every((prop) => propMatches(prop, component)) &&
      childrenNamed(filter, C, 'comp-filter').every((inner) =>
        compMatches(inner, component.getAllSubcomponents()),
      ),
  );
}

/** Whether a calendar text passes a <c:filter> (none: every one does). */
export function createFilter(filter: XmlNode | undefined): (text: string) => boolean {
  const top = childrenNamed(filter, C, 'comp-filter');
  if (filter && (top.length !== 1 || top[0]!.attrs.name?.toUpperCase() !== 'VCALENDAR'))
    throw new DavError(403, 'The filter must start with VCALENDAR', '<c:valid-filter/>');
  if (!filter) return () => true;
  return (text) => compMatches(top[0]!, [new ICAL.Component(ICAL.parse(text))]);
}
