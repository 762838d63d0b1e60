/** A moment as "3 days ago", with the full date in its `dateTime` and its tooltip (`title`). */
import { formatDateTime, formatRelative } from './dates';

export function TimeAgo({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatRelative(value)}
    </time>
  );
}
