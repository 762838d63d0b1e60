/**
 * Query strings in Strapi's bracket syntax (qs), parsed once per distinct text.
 *
 * A client asks for the same few lists over and over (a page, its neighbours, the same search
 * after each change), and qs takes longer to read a list's query string (~55k instructions) than
 * SQLite takes to answer it. Results are frozen, so no handler can change what the next request
 * with the same text is given; the cache holds a bounded number of short texts.
 */
import qs from 'qs';

/** Bounded so a hostile query cannot build a huge object. */
const QS_OPTIONS: qs.IParseOptions = {
  depth: 4,
  arrayLimit: 50,
  parameterLimit: 200,
  plainObjects: true,
  allowPrototypes: false,
  strictDepth: false,
};

/** Distinct texts kept; the oldest goes first. */
export const PARSED_QUERIES_KEPT = 256;
/** Longer texts are parsed every time (a real client's list query is well under this). */
export const LONGEST_KEPT_QUERY = 512;

type Parsed = Readonly<Record<string, unknown>>;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function createQueryStringParser(): (text: string) => Parsed {
  const parsed = new Map<string, Parsed>();
  return (text) => {
    const known = parsed.get(text);
    if (known) return known;
    const fresh = deepFreeze(qs.parse(text, QS_OPTIONS)) as Parsed;
    if (text.length <= LONGEST_KEPT_QUERY) {
      if (parsed.size >= PARSED_QUERIES_KEPT) parsed.delete(parsed.keys().next().value as string);
      parsed.set(text, fresh);
    }
    return fresh;
  };
}
