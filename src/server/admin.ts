/**
 * Operator commands against the configured database (DATABASE_URL):
 *   npm run admin -- users list | block <email> | unblock <email> | delete <email>
 * Blocking or deleting takes effect at once: every call checks the user on each request.
 */
import { loadConfig } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { deleteUser, listUsers, setBlocked } from './users/repository';

const USAGE =
  'usage: npm run admin -- users list | users block <email> | users unblock <email> | users delete <email>';

async function run(args: string[]): Promise<number> {
  const [scope, action, email] = args;
  if (scope !== 'users' || !action || (action !== 'list' && !email)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, config);
  try {
    await migrateToLatest(database.db);
    const { db } = database;
    switch (action) {
      case 'list': {
        const users = await listUsers(db);
        for (const user of users)
          console.log(
            [
              user.id,
              user.username,
              user.email,
              user.blocked ? 'blocked' : 'active',
              user.created_at,
            ].join('\t'),
          );
        console.log(`${users.length} user(s)`);
        return 0;
      }
      case 'block':
      case 'unblock': {
        const found = await setBlocked(db, email!, action === 'block');
        console.log(
          found
            ? `${email} is now ${action === 'block' ? 'blocked' : 'active'}`
            : `No user with email ${email}`,
        );
        return found ? 0 : 1;
      }
      case 'delete': {
        const found = await deleteUser(db, email!);
        console.log(found ? `${email} and their todos are deleted` : `No user with email ${email}`);
        return found ? 0 : 1;
      }
      default:
        console.error(USAGE);
        return 2;
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
