/**
 * Quick add's reading of one line of English: "Pay rent every month on the 1st p1" → title "Pay
 * rent", due the next 1st, FREQ=MONTHLY, priority high. Each part is read once, first come first
 * served, and hidden from the readers after it (so "every monday" is a repeat, not a date); the
 * user's kept ranges, web and e-mail addresses are hidden from all of them. See the README's
 * "Quick add" for the syntax.
 */
import type { Priority } from '../../../shared/priority';
import { findDate, type DateMatch } from './quickAddDates';
import { findRepeat, firstDate, nextDate, ruleOf, type Repeat } from './quickAddRepeats';
import { findAddresses, findPriorities, findTags } from './quickAddTokens';
import type {
  QuickAddKind,
  QuickAddOptions,
  QuickAddPart,
  QuickAddResult,
  TextRange,
} from './quickAddTypes';
import { browserTimeZone, dateOf, instantOf, partsOf, wallTimeAt } from './zonedTime';

/** What hides a span from the readers: no parser reads this character as anything. */
const HIDDEN = '\u2588';

export function parseQuickAdd(text: string, options: QuickAddOptions = {}): QuickAddResult {
  const { now = new Date(), timeZone = browserTimeZone(), keep = [], dates = true } = options;
  let masked = text;
  const hide = ({ start, end }: TextRange) => {
    const from = Math.max(0, Math.min(start, text.length));
    const to = Math.max(from, Math.min(end, text.length));
    masked = masked.slice(0, from) + HIDDEN.repeat(to - from) + masked.slice(to);
  };
  const parts: QuickAddPart[] = [];
  const take = (range: TextRange, kind: QuickAddKind) => {
    parts.push({ kind, start: range.start, end: range.end, text: text.slice(range.start, range.end) }); // prettier-ignore
    hide(range);
  };
  keep.forEach(hide);
  findAddresses(masked).forEach(hide);

  const priorityToken = findPriorities(masked)[0];
  if (priorityToken) take(priorityToken, 'priority');

  let project: string | null = null;
  const labels: string[] = [];
  const { isProject, isLabel } = options;
  for (const tag of findTags(masked)) {
    if (tag.sign === '#' && project === null && (isProject?.(tag.name) ?? true)) project = tag.name;
    else if (tag.sign === '@' && (isLabel?.(tag.name) ?? true)) labels.push(tag.name);
    else continue; // a second #project stays text (a todo has one project), as does an unknown name
    take(tag, tag.sign === '#' ? 'project' : 'label');
  }

  const when = dates ? readDates(() => masked, now, timeZone, take, hide) : NO_DATES;
  parts.sort((a, b) => a.start - b.start);
  // A project or a label read from a list of the user's own is applied (so leaves the title).
  const projectApplies = options.applyTags || isProject !== undefined;
  const labelApplies = options.applyTags || isLabel !== undefined;
  const removed = parts.filter((part) =>
    part.kind === 'label' ? labelApplies : part.kind !== 'project' || projectApplies,
  );
  return {
    title: titleWithout(text, removed),
    ...when,
    priority: priorityToken ? priorityToken.priority : (null as Priority | null),
    project,
    labels: [...new Set(labels)],
    parts,
  };
}

const NO_DATES = { dueDate: null, remindAt: null, recurrence: null };

/** The repeat and the date: the due date, the reminder (a time of day given) and the rule. */
function readDates(
  masked: () => string,
  now: Date,
  timeZone: string,
  take: (range: TextRange, kind: QuickAddKind) => void,
  hide: (range: TextRange) => void,
): Pick<QuickAddResult, 'dueDate' | 'remindAt' | 'recurrence'> {
  const { match: repeatMatch, unread } = findRepeat(masked());
  if (repeatMatch) take(repeatMatch, 'repeat');
  unread.forEach(hide);
  const nowWall = wallTimeAt(now.getTime(), timeZone);
  const found = findDate(masked(), nowWall);
  if (found) take(found, 'date');
  const repeat = repeatMatch?.repeat;
  const dueDate = dueDateOf(repeat, found, dateOf(nowWall), (date) =>
    found?.time ? reminderAt(date, found, timeZone) <= now.getTime() : false,
  );
  return {
    dueDate,
    remindAt:
      dueDate && found?.time ? new Date(reminderAt(dueDate, found, timeZone)).toISOString() : null,
    recurrence: repeat ? ruleOf(repeat) : null,
  };
}

const reminderAt = (date: string, found: DateMatch, timeZone: string) =>
  instantOf({ ...partsOf(date), ...found.time! }, timeZone);

/**
 * A day given is the due date (moved onto the repeat's weekdays or day of the month, where a
 * series starts). A repeat without a day starts on its first day from today, or the one after
 * when the time given has passed; a time alone is today's, or tomorrow's once passed.
 */
function dueDateOf(
  repeat: Repeat | undefined,
  found: DateMatch | undefined,
  today: string,
  passed: (date: string) => boolean,
): string | null {
  if (!repeat) return found ? found.date : null;
  if (found?.dayGiven) return firstDate(repeat, found.date);
  const first = firstDate(repeat, today);
  return passed(first) ? nextDate(repeat, first) : first;
}

/** The text without the parts, trimmed, with runs of spaces made one. */
function titleWithout(text: string, parts: readonly TextRange[]): string {
  let title = '';
  let from = 0;
  for (const part of parts) {
    title += `${text.slice(from, part.start)} `;
    from = part.end;
  }
  return (title + text.slice(from)).replace(/\s+/g, ' ').trim();
}
