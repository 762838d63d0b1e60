/**
 * VALARM ↔ remindAt. A todo's reminder is its first alarm's moment: an absolute TRIGGER, or one
 * relative to DUE (RELATED=END) or to DTSTART (else DUE), a time with a TZID read in the calendar's
 * own VTIMEZONE. A date without a time, or a floating time, is read as UTC (the server does not
 * know the client's zone). Written back as one DISPLAY alarm at the instant, in UTC.
 */
import ICAL from 'ical.js';

/** A time as milliseconds since the epoch, in its own zone where the calendar defines it. */
export function instantOf(calendar: ICAL.Component, time: ICAL.Time): number {
  if (time.isDate) return Date.UTC(time.year, time.month - 1, time.day);
  const tzid = time.zone?.tzid;
  const definition =
    tzid && tzid !== 'UTC' && tzid !== 'floating'
      ? calendar
          .getAllSubcomponents('vtimezone')
          .find((zone) => zone.getFirstPropertyValue('tzid') === tzid)
      : undefined;
  if (!definition) return time.toUnixTime() * 1000;
  const zoned = time.clone();
  zoned.zone = new ICAL.Timezone(definition);
  return zoned.toUnixTime() * 1000;
}

const timeOf = (component: ICAL.Component, name: string) => {
  const value = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value : undefined;
};

/** The todo's reminder (ISO instant) from its first alarm that names a moment; null when none does. */
export function remindAtOf(calendar: ICAL.Component, vtodo: ICAL.Component): string | null {
  for (const alarm of vtodo.getAllSubcomponents('valarm')) {
    const trigger = alarm.getFirstProperty('trigger');
    const value = trigger?.getFirstValue();
    if (value instanceof ICAL.Time) return new Date(instantOf(calendar, value)).toISOString();
    if (!(value instanceof ICAL.Duration)) continue;
    const related = String(trigger!.getParameter('related') ?? 'START').toUpperCase();
    const base =
      related === 'END' ? timeOf(vtodo, 'due') : (timeOf(vtodo, 'dtstart') ?? timeOf(vtodo, 'due'));
    if (!base) continue;
    return new Date(instantOf(calendar, base) + value.toSeconds() * 1000).toISOString();
  }
  return null;
}

/** Replaces the todo's alarms with one at `remindAt` (none when null). */
export function writeAlarm(vtodo: ICAL.Component, remindAt: string | null): void {
  for (const alarm of vtodo.getAllSubcomponents('valarm')) vtodo.removeSubcomponent(alarm);
  if (!remindAt) return;
  const alarm = new ICAL.Component('valarm');
  alarm.addPropertyWithValue('action', 'DISPLAY');
  alarm.addPropertyWithValue('description', 'Reminder');
  const trigger = new ICAL.Property('trigger');
  trigger.resetType('date-time');
  trigger.setValue(ICAL.Time.fromJSDate(new Date(remindAt), true));
  alarm.addProperty(trigger);
  vtodo.addSubcomponent(alarm);
}
