/**
 * A moment on a row: by default as the spec writes dates ("November 21, 2026 at 09:05 AM"), or,
 * when the user chose relative dates in their profile, as "5 minutes ago" with the full date in
 * its tooltip.
 */
import { formatDateTime } from './dates';
import { TimeAgo } from './TimeAgo';

export function Moment({ value, relative = false }: { value: string; relative?: boolean }) {
  if (relative) return <TimeAgo value={value} />;
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}
