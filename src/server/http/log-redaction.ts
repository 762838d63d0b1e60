/**
 * The URL as a log line may show it: values of query parameters named like secrets (mailed codes,
 * tokens, passwords) and the secret paths (the calendar feed's, reminder actions') are replaced by [redacted]. Names and
 * paths are compared percent-decoded, as the router and the browser read them, so an encoded
 * spelling (`/api/%63alendar/…`, `?%63ode=…`) is caught too.
 */
const REDACTED = '[redacted]';

/** Query parameter names (or bracketed parts of one, `data[password]`) that always carry a secret. */
const SECRET_NAMES = new Set([
  'code',
  'confirmation',
  'key',
  'sig',
  'otp',
  'auth',
  'authorization',
  'session',
  'sid',
]);
/** Words that make any name secret: `access_token`, `client_secret`, `newPassword`, `apiKey`… */
const SECRET_WORDS = /token|secret|passw|pwd|jwt|api[-_]?key|credential|signature/;
/**
 * Paths that carry a secret, decoded: everything after `calendar/` (the feed's `<secret>.ics`) or
 * `reminder-actions/` (a reminder's single-use action token) goes, whatever dot segments or
 * doubled slashes precede or follow it.
 */
const SECRET_PATHS = [/calendar\/.*$/i, /reminder-actions\/.*$/i];

/** Decodes what can be decoded: a broken sequence (`%zz`, invalid UTF-8) keeps the rest readable. */
function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-7][0-9a-f])/gi, (_match, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  }
}

/** Decoded until it no longer changes (a few rounds): a doubly encoded name is still a name. */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 3 && current.includes('%'); round += 1) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

function isSecretName(rawName: string): boolean {
  const name = decodeFully(rawName.replace(/\+/g, ' ')).toLowerCase();
  return SECRET_WORDS.test(name) || name.split(/[[\].\s]+/).some((part) => SECRET_NAMES.has(part));
}

function redactPath(path: string): string {
  const decoded = decodeFully(path);
  const secret = SECRET_PATHS.find((pattern) => pattern.test(decoded));
  // An ordinary path is logged as it came; one with a secret in its decoded form, decoded and redacted.
  return secret
    ? decoded.replace(secret, (match) => `${match.slice(0, match.indexOf('/') + 1)}${REDACTED}`)
    : path;
}

/** Each `name=value` pair (split on `&` and `;`, as lenient parsers do) keeps its name, a secret one loses its value. */
const redactQuery = (query: string) =>
  query.replace(/(^|[&;])([^&;=]*)=([^&;]*)/g, (pair, separator: string, name: string) =>
    isSecretName(name) ? `${separator}${name}=${REDACTED}` : pair,
  );

/** The URL (path and query) a request line logs, without the secrets it may carry. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return redactPath(url);
  return `${redactPath(url.slice(0, queryStart))}?${redactQuery(url.slice(queryStart + 1))}`;
}
