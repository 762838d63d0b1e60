/**
 * A moment as "3 days ago", with the full date in its `dateTime` and its tooltip (`title`). It reads
 * a clock that ticks every minute, so a list left open does not go on saying "now" for an hour.
 */
import { useSyncExternalStore } from 'react';
import { formatDateTime, formatRelative } from './dates';

const TICK_MS = 60_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(onTick: () => void): () => void {
  listeners.add(onTick);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((listener) => listener());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(onTick);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const readClock = () => now;

export function TimeAgo({ value }: { value: string }) {
  const clock = useSyncExternalStore(subscribe, readClock);
  // A moment newer than the last tick is "now", not "in 40 seconds".
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatRelative(value, Math.max(clock, Date.parse(value) || 0))}
    </time>
  );
}
