import type { User } from '../../shared/api-types';
import type { UserRow } from '../db/types';

/** The public face of a user: never the password hash. */
export const toUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  provider: 'local',
  confirmed: Boolean(row.confirmed),
  blocked: Boolean(row.blocked),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
