/**
 * What quick add read, in words, for everyone (screen readers announce it): "Due Fri, Nov 28,
 * 5:00 PM · Repeats monthly · Priority High". Dates are written in the reader's locale.
 */
import { PRIORITY_NAMES } from '../../ui/priorityNames';
import type { QuickAddResult } from './quickAddTypes';

const DAY_NAMES: Record<string, string> = {
  MO: 'Mon', TU: 'Tue', WE: 'Wed', TH: 'Thu', FR: 'Fri', SA: 'Sat', SU: 'Sun',
}; // prettier-ignore
const UNIT: Record<string, [string, string]> = {
  DAILY: ['daily', 'days'],
  WEEKLY: ['weekly', 'weeks'],
  MONTHLY: ['monthly', 'months'],
  YEARLY: ['yearly', 'years'],
};

export const TAGS_LATER_TEXT =
  'projects and labels come in a later version: they stay in the title for now';
export const LABELS_LATER_TEXT = 'labels come in a later version: they stay in the title for now';

/** "monthly", "every 2 weeks on Mon, Fri", "every weekday". */
export function describeRule(rule: string): string {
  const parts = new Map(rule.split(';').map((part) => part.split('=') as [string, string]));
  const [single, plural] = UNIT[parts.get('FREQ')!] ?? ['', ''];
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const days = parts.get('BYDAY');
  if (interval === 1 && days === 'MO,TU,WE,TH,FR') return 'every weekday';
  if (interval === 1 && days === 'SA,SU') return 'every weekend';
  const every = interval === 1 ? single : `every ${interval} ${plural}`;
  return days
    ? `${every} on ${days
        .split(',')
        .map((day) => DAY_NAMES[day])
        .join(', ')}`
    : every;
}

/** "Fri, Nov 28" (the due date) and ", 5:00 PM" (the reminder), in the user's zone. */
function describeDue(result: QuickAddResult, timeZone: string | undefined, locale?: string) {
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${result.dueDate}T12:00:00Z`));
  if (!result.remindAt) return `Due ${day}`;
  const time = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(result.remindAt));
  return `Due ${day}, ${time}`;
}

interface DescribeOptions {
  timeZone?: string;
  locale?: string;
  /** Projects and labels both applied (else both said to come later, unless `projectName`). */
  tagsApplied?: boolean;
  /** `#name` is applied when it names a project (else it was not read): labels alone come later. */
  projectsApplied?: boolean;
  /** The name of the user's project the `#name` read stands for: said as "Project Work". */
  projectName?: string;
  /** The name of the user's label an `@name` read stands for: each said as "Label Home". */
  labelName?: (name: string) => string | undefined;
}

/** Each thing read, in words; `tagsApplied` false adds that projects and labels are not applied yet. */
export function describeQuickAdd(
  result: QuickAddResult,
  {
    timeZone,
    locale,
    tagsApplied = false,
    projectsApplied = false,
    projectName,
    labelName,
  }: DescribeOptions = {},
): string[] {
  const project = result.project && projectName !== undefined ? [`Project ${projectName}`] : [];
  const labels = labelName
    ? result.labels.map((label) => `Label ${labelName(label) ?? label}`)
    : [];
  const later = projectsApplied ? LABELS_LATER_TEXT : TAGS_LATER_TEXT;
  const tags = [
    ...(result.project && !project.length ? [`#${result.project}`] : []),
    ...(labelName ? [] : result.labels.map((label) => `@${label}`)),
  ];
  return [
    ...(result.dueDate ? [describeDue(result, timeZone, locale)] : []),
    ...(result.recurrence ? [`Repeats ${describeRule(result.recurrence)}`] : []),
    ...(result.priority !== null ? [`Priority ${PRIORITY_NAMES[result.priority]}`] : []),
    ...project,
    ...labels,
    ...(tags.length ? [tagsApplied ? tags.join(' ') : `${tags.join(' ')}: ${later}`] : []),
  ];
}
