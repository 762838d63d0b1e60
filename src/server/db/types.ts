/** The schema as Kysely sees it, in portable types: booleans as 0/1, timestamps as ISO-8601 UTC text (sorts by time). */
import type { Generated, Selectable } from 'kysely';
import type {
  AppPasswordTable,
  CaldavCollectionTable,
  CaldavObjectTable,
  DavChangeTable,
  DavSyncFloorTable,
  PushSubscriptionTable,
  ReminderActionTable,
} from './device-types';

export type * from './device-types';

export interface UserTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: the case-insensitive uniqueness and login key. */
  username_key: string;
  /** Stored lower-cased. */
  email: string;
  password_hash: string;
  provider: string;
  confirmed: number;
  blocked: number;
  created_at: string;
  updated_at: string;
  /** Tokens issued before this ISO instant are refused (migration 008); null: none is. */
  tokens_valid_after: Generated<string | null>;
  /** The calendar feed's secret (migration 013); null until one is made. */
  calendar_secret: Generated<string | null>;
  /** Where reminders go (migration 021): 'both', 'mail', 'push' or 'none'. */
  reminder_delivery: Generated<string>;
}

export interface TodoTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  /** Unicode lower-case of the title, computed in the app so both databases search and sort alike. */
  title_key: string;
  description: string | null;
  completed: number;
  created_at: string;
  updated_at: string;
  /** When the todo was moved to the trash (migration 009); null while it is live. */
  deleted_at: Generated<string | null>;
  /** 'YYYY-MM-DD' (migration 013), or null: undated. */
  due_date: Generated<string | null>;
  /** ISO instant in UTC, or null. */
  remind_at: Generated<string | null>;
  /** An RRULE of the supported subset (src/shared/recurrence.ts), or null. */
  recurrence: Generated<string | null>;
  series_id: Generated<string | null>;
  /** When a process claimed the reminder (it is then sent once); null: not sent yet. */
  reminded_at: Generated<string | null>;
  /** 1 once completing this occurrence made (or refused) the next one: it is claimed once. */
  followed: Generated<number>;
  /** 0 none, 1 low, 2 medium, 3 high (migration 017). */
  priority: Generated<number>;
  /** The todo's project (migration 018); null: the Inbox. */
  project_id: Generated<number | null>;
  /** The todo's parent (migration 020), in the same project, at most 3 levels deep; null: a root. */
  parent_id: Generated<number | null>;
  /** The owner's order (migration 025), ascending; a new todo's id unless the request names one. */
  position: Generated<number>;
}

/** A user's project (migration 018): a named, coloured list of todos. */
export interface ProjectTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** Unicode lower case of the name (titleKey): unique per owner among live projects. */
  name_key: string;
  /** '#rrggbb', lower-case. */
  color: string;
  position: number;
  archived: number;
  created_at: string;
  updated_at: string;
  /** When it went to the trash, its todos with it (they take the same time); null while live. */
  deleted_at: Generated<string | null>;
  /** Its open todos (live, not completed), kept by migration 026's triggers. */
  open_todos: Generated<number>;
}

/** A user's label (migration 019): a coloured tag, many per todo. */
export interface LabelTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** Unicode lower case of the name (titleKey): unique per owner. */
  name_key: string;
  /** '#rrggbb', lower-case. */
  color: string;
  created_at: string;
  updated_at: string;
  /** Its open todos (links with `open`), kept by migration 026's triggers. */
  open_todos: Generated<number>;
  /** Its live todos (links with `live`), completed or not: a label page's total. */
  live_todos: Generated<number>;
}

/** A todo's label (migration 019); `open` is 1 while the todo is live and not completed (a trigger keeps it). */
export interface TodoLabelTable {
  todo_id: number;
  label_id: number;
  owner_id: number;
  open: number;
  /** Whether the todo is live (not in the trash), kept by migration 026's trigger. */
  live: Generated<number>;
}

/** A recurring series' template (migration 013): what its next occurrences copy. */
export interface TodoSeriesTable {
  id: string;
  owner_id: number;
  title: string;
  description: string | null;
  recurrence: string;
  /** The rule's first date (DTSTART), 'YYYY-MM-DD'. */
  anchor: string;
  /** Occurrences made since the anchor, the first included: COUNT is checked against it. */
  occurrences: number;
  ended: Generated<number>;
  created_at: string;
}

export interface RevokedTokenTable {
  jti: string;
  user_id: number;
  expires_at: string;
}

/** Mailed one-time codes (migration 010): a reset or a confirmation, kept as a SHA-256 hash. */
export interface AccountCodeTable {
  code_hash: string;
  user_id: number;
  purpose: 'reset' | 'confirm';
  expires_at: string;
  used_at: string | null;
}

/** A change of a user's todos, for their live event streams (migration 011); data is the event's JSON. */
export interface TodoEventTable {
  /** bigint on PostgreSQL: pg reads it as a string. */
  id: Generated<number | string>;
  user_id: number;
  data: string;
  created_at: string;
}

/** The first answer to a user's Idempotency-Key (migration 012); status and body are set before commit. */
export interface IdempotencyKeyTable {
  user_id: number;
  key: string;
  /** SHA-256 of the method, URL and body: a key reused for another request is refused. */
  request_hash: string;
  status: number | null;
  body: string | null;
  created_at: string;
}

/** The notification mails asked for a user on a UTC day (migration 014), for the daily cap. */
export interface MailCountTable {
  user_id: number;
  /** 'YYYY-MM-DD', UTC. */
  day: string;
  /** Mails asked for that day, those refused by the cap included. */
  mails: number;
}

/** An import under way (migration 015): its todos wait in import_rows until they are all written. */
export interface ImportBatchTable {
  id: string;
  owner_id: number;
  /** When the import last staged a chunk: one untouched for minutes was abandoned. */
  touched_at: string;
  /** 1 once its rows are in todos: only the staged copies are left to delete. */
  finished: Generated<number>;
}

/** A todo of an import under way, at its place in the file; moved into todos when the file is whole. */
export interface ImportRowTable extends Pick<
  TodoTable,
  'title' | 'title_key' | 'description' | 'completed' | 'created_at' | 'updated_at'
> {
  batch_id: string;
  position: number;
  due_date: string | null;
  remind_at: string | null;
  recurrence: string | null;
  series_id: string | null;
  followed: number;
  priority: Generated<number>;
  /** Index of the todo's project among the file's projects; null: none (the Inbox). */
  project_ref: Generated<number | null>;
  /** Position of the todo's parent among the import's rows (migration 020); null: a root. */
  parent_ref: Generated<number | null>;
  /** The todo's position as the file gives it (migration 025); null: the todo's new id. */
  todo_position: Generated<number | null>;
}

/** One owner's todos by state (migration 016), kept by triggers on every write to todos. */
export interface OwnerCountTable {
  owner_id: number;
  live_todos: number;
  /** Live and not completed. */
  open_todos: number;
  trashed_todos: number;
  /** Live and without a parent: the list's tree view (migration 026). */
  live_roots: number;
}

export interface Database {
  users: UserTable;
  todos: TodoTable;
  revoked_tokens: RevokedTokenTable;
  account_codes: AccountCodeTable;
  todo_events: TodoEventTable;
  idempotency_keys: IdempotencyKeyTable;
  todo_series: TodoSeriesTable;
  mail_counts: MailCountTable;
  import_batches: ImportBatchTable;
  import_rows: ImportRowTable;
  owner_counts: OwnerCountTable;
  projects: ProjectTable;
  push_subscriptions: PushSubscriptionTable;
  reminder_actions: ReminderActionTable;
  labels: LabelTable;
  todo_labels: TodoLabelTable;
  app_passwords: AppPasswordTable;
  caldav_objects: CaldavObjectTable;
  caldav_collections: CaldavCollectionTable;
  dav_changes: DavChangeTable;
  dav_sync_floors: DavSyncFloorTable;
}

export type UserRow = Selectable<UserTable>;
export type TodoRow = Selectable<TodoTable>;
export type ProjectRow = Selectable<ProjectTable>;
export type LabelRow = Selectable<LabelTable>;
