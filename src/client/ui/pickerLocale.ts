/**
 * The date pickers speak the reader's language and start the week on the reader's first day: the
 * dayjs locale of the browser's language is loaded on demand (one small chunk each), and the week
 * start comes from the browser's own locale data where it has it (Intl.Locale week info).
 */
import dayjs from 'dayjs';

/** dayjs names locales in lower case ("en-gb", "de"); try the full tag, then the language alone. */
const localeCandidates = (language: string): string[] => {
  const tag = language.toLowerCase();
  const base = tag.split('-')[0] ?? tag;
  return [...new Set([tag, base])].filter((name) => /^[a-z]{2,3}(-[a-z0-9]+)?$/.test(name));
};

interface WeekInfo {
  firstDay: number;
}

/** The first day of the week (0 = Sunday) as the browser's locale data says, if it says. */
function weekStartOf(language: string): number | undefined {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & {
      getWeekInfo?(): WeekInfo;
      weekInfo?: WeekInfo;
    };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    return info ? info.firstDay % 7 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads the dayjs locale for `language` and returns its name ("en" when none fits), with the
 * browser's week start applied to it.
 */
export async function loadPickerLocale(language: string = navigator.language): Promise<string> {
  let name = 'en';
  for (const candidate of localeCandidates(language)) {
    if (candidate === 'en') break;
    try {
      await import(`../../../node_modules/dayjs/esm/locale/${candidate}.js`);
      name = candidate;
      break;
    } catch {
      // No such locale: try the next candidate.
    }
  }
  const weekStart = weekStartOf(language);
  if (weekStart !== undefined) {
    const loaded = dayjs.Ls[name];
    if (loaded) dayjs.Ls[name] = { ...loaded, weekStart };
  }
  return name;
}
