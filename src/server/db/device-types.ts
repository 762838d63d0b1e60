/**
 * The tables that serve a user's devices rather than their todos: push subscriptions and reminder
 * actions (Web Push), app passwords and the CalDAV bookkeeping (clients' objects, collections and
 * the change log sync tokens read). Same conventions as types.ts.
 */
import type { Generated } from 'kysely';

/** A device a user gets reminders on through its push service (migration 021). */
export interface PushSubscriptionTable {
  id: Generated<number>;
  owner_id: number;
  endpoint: string;
  /** The subscription's keys, base64url, as PushSubscription.toJSON() gives them. */
  p256dh: string;
  auth: string;
  expiration_time: string | null;
  user_agent: string | null;
  created_at: string;
}

/** A reminder's single-use action (migration 021), kept by its token's SHA-256 (base64url). */
export interface ReminderActionTable {
  token_hash: string;
  owner_id: number;
  todo_id: number;
  action: string;
  /** The reminder instant it was made for: once the todo's remind_at differs, it has expired. */
  remind_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A user's password for one device's CalDAV client (migration 022), kept by its secret's SHA-256. */
export interface AppPasswordTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  secret_hash: string;
  created_at: string;
  last_used_at: string | null;
}

/** What a CalDAV client chose for a todo (migration 022): its UID, resource name and iCalendar text. */
export interface CaldavObjectTable {
  todo_id: number;
  owner_id: number;
  uid: string;
  /** The resource's last path segment, `<name>.ics` as the client named it. */
  name: string;
  /** The VCALENDAR the client last sent, so what Ticklist does not model goes back unchanged. */
  ical: string;
  /** The mapping it was stored under (migration 024): 0 before RRULE and RELATED-TO were mapped. */
  mapping: Generated<number>;
  /** The parent UID its RELATED-TO named that no todo had when it was sent (migration 027). */
  pending_parent: string | null;
}

/** The path segment a client chose for a project's calendar with MKCALENDAR (migration 022). */
export interface CaldavCollectionTable {
  project_id: number;
  owner_id: number;
  segment: string;
}

/** A todo's change in a collection (migration 022), kept by triggers, for sync-collection. */
export interface DavChangeTable {
  owner_id: number;
  todo_id: number;
  /** The project's id, 0 for the Inbox. */
  collection: number;
  /** bigint on PostgreSQL: pg reads it as a string. */
  seq: number | string;
  /** 1 once the todo left the collection. */
  gone: number;
  /** When housekeeping first saw the row gone (migration 024); null while live or not seen yet. */
  gone_at: Generated<string | null>;
}

/** Per owner, the newest change number pruned from dav_changes: older sync tokens are refused. */
export interface DavSyncFloorTable {
  owner_id: number;
  /** bigint on PostgreSQL: pg reads it as a string. */
  seq: number | string;
}
