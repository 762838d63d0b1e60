/**
 * The database schema as Kysely sees it. One schema serves SQLite and PostgreSQL, so it keeps
 * to portable types: booleans are 0/1 integers and timestamps ISO-8601 UTC text (which sorts
 * in time order on both).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
}

export interface RevokedTokenTable {
  jti: string;
  user_id: number;
  expires_at: string;
}

/** Kept by triggers (migration 003): an owner's exact number of todos and of completed ones. */
export interface TodoCountTable {
  owner_id: number;
  total: number;
  completed: number;
}

/**
 * Kept by triggers (migration 004): per owner and per 1- or 2-character substring of title_key,
 * how many of the owner's todos contain it and how many of those are completed.
 */
export interface TodoTitleGramTable {
  owner_id: number;
  gram: string;
  total: number;
  completed: number;
  /** Bounds of the title_keys of the todos counted here (migration 006): they may be looser, never tighter. */
  first_key: string;
  last_key: string;
}

/**
 * PostgreSQL only (migration 005): todos created one per statement whose grams are not yet in
 * todo_title_grams; a fold counts them.
 */
export interface TodoTitleGramPendingTable {
  todo_id: number;
  owner_id: number;
}

export interface Database {
  users: UserTable;
  todos: TodoTable;
  todo_counts: TodoCountTable;
  todo_title_grams: TodoTitleGramTable;
  todo_title_grams_pending: TodoTitleGramPendingTable;
  revoked_tokens: RevokedTokenTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type TodoRow = Selectable<TodoTable>;
export type NewTodoRow = Insertable<TodoTable>;
export type TodoUpdate = Updateable<TodoTable>;
