/**
 * Wall-clock times in an IANA time zone, through Intl alone, so quick add reads "tomorrow 5pm" in
 * the zone it is told (the browser's own in the app, any in the tests) whatever zone the process
 * runs in. Calendar days are "YYYY-MM-DD" strings, counted in UTC so no daylight saving change can
 * shift them.
 */

/** A time on a wall clock: what a person in the zone reads. */
export interface WallTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const HOUR = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The browser's time zone (what the app parses in). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What a clock in `timeZone` reads at `instant` (milliseconds). */
export function wallTimeAt(instant: number, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const asUtc = (wall: WallTime) =>
  Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
const offsetAt = (instant: number, timeZone: string) =>
  asUtc(wallTimeAt(instant, timeZone)) - Math.floor(instant / 1000) * 1000;

/**
 * The instant a wall-clock time names in `timeZone`. A time skipped by the spring change (2:30 on
 * the night clocks go forward) is read with the offset before it, so it lands an hour later on the
 * clock (3:30), as JavaScript's Date does; a time that happens twice in autumn is the first one.
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const utc = asUtc(wall);
  const before = offsetAt(utc - 24 * HOUR, timeZone);
  const after = offsetAt(utc + 24 * HOUR, timeZone);
  const fits = [before, after]
    .map((offset) => utc - offset)
    .filter((instant) => offsetAt(instant, timeZone) === utc - instant)
    .sort((a, b) => a - b);
  return fits[0] ?? utc - before;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** "YYYY-MM-DD" of a wall time. */
export const dateOf = ({ year, month, day }: Pick<WallTime, 'year' | 'month' | 'day'>): string =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** A "YYYY-MM-DD" day as numbers. */
export function partsOf(date: string): Pick<WallTime, 'year' | 'month' | 'day'> {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The day `days` calendar days after `date`. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = partsOf(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The weekday of a day: 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  const { year, month, day } = partsOf(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Days in a month (1-12) of a year. */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();
