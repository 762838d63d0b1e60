/**
 * Every background job of a server process, started together by buildApp once the app is ready and
 * stopped together before it closes: housekeeping (old trash, events, idempotency keys, mail counts,
 * abandoned imports) and reminders. Each runs in every process; see each module for why that is safe.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { startHousekeeping } from './housekeeping';
import { startReminders } from './reminders';

export interface JobOptions {
  /** The time reminders are due by, and how often they are looked for (tests move the clock). */
  clock?: () => Date;
  reminderCheckMs?: number;
}

/** Starts every job; the returned stop ends their timers and waits for the runs under way. */
export function startJobs(
  { db, config, mailer, events, vapid }: AppContext,
  log: FastifyBaseLogger,
  options: JobOptions = {},
): () => Promise<void> {
  const stops = [
    startHousekeeping(db, config.trashDays, log),
    startReminders(
      {
        db,
        mailer,
        events,
        publicUrl: config.publicUrl,
        maxMailsPerDay: config.maxMailsPerUserPerDay,
        log,
        push: {
          db,
          vapid,
          publicUrl: config.publicUrl,
          allowPrivateEndpoints: config.pushAllowPrivateEndpoints,
          log,
        },
      },
      options.clock ?? (() => new Date()),
      options.reminderCheckMs ?? config.reminderCheckMs,
    ),
  ];
  return async () => void (await Promise.all(stops.map((stop) => stop())));
}
