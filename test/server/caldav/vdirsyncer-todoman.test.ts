/**
 * @jest-environment node
 *
 * A full two-way sync with real tools against the BUILT server on each database: Debian's
 * vdirsyncer keeps a local folder of .ics files in step with the Inbox calendar, and todoman (a
 * command-line task app on that folder) creates and completes todos there; the JSON API does the
 * same on the server's side. `apt-get install vdirsyncer todoman` (.ci/run installs them).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dialectsUnderTest } from '../support/databases';
import { startCaldavServer, type CaldavServer } from './built-server';

jest.setTimeout(120_000);

const MERGE = path.join(__dirname, '../../../scripts/vdirsyncer-merge.py');

interface Run {
  code: number;
  output: string;
}

function run(command: string, args: string[], env: Record<string, string>, input?: string) {
  return new Promise<Run>((resolve) => {
    const child = execFile(
      command,
      args,
      { timeout: 60_000, env: { ...process.env, ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
    child.stdin?.end(input ?? '');
  });
}

interface FlatTodo {
  id: number;
  attributes: {
    title: string;
    description: string | null;
    completed: boolean;
    dueDate: string | null;
    priority: number;
  };
}

describe.each(dialectsUnderTest())(
  'vdirsyncer and todoman against the built server [%s]',
  (dialect) => {
    let running: CaldavServer | undefined;
    let env: Record<string, string>;
    beforeAll(async () => {
      running = await startCaldavServer(dialect, 'vdirsyncer');
      const { dataDir, server, session, password } = running;
      const local = path.join(dataDir, 'local');
      fs.mkdirSync(path.join(local, 'inbox'), { recursive: true });
      fs.writeFileSync(
        path.join(dataDir, 'vdirsyncer.conf'),
        [
          '[general]',
          `status_path = "${path.join(dataDir, 'status')}/"`,
          '[pair ticklist]',
          'a = "ticklist_local"',
          'b = "ticklist_remote"',
          'collections = ["inbox"]',
          // As the README tells vdirsyncer users: a todo edited on both sides keeps both edits.
          `conflict_resolution = ["command", "python3", "${MERGE}"]`,
          '[storage ticklist_local]',
          'type = "filesystem"',
          `path = "${local}/"`,
          'fileext = ".ics"',
          '[storage ticklist_remote]',
          'type = "caldav"',
          // Only the host: discovery goes through /.well-known/caldav.
          `url = "${server.url}/"`,
          `username = "${session.user.username}"`,
          `password = "${password}"`,
          'item_types = ["VTODO"]',
          '',
        ].join('\n'),
      );
      fs.writeFileSync(
        path.join(dataDir, 'todoman.py'),
        `path = "${local}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\ndefault_list = "inbox"\n`,
      );
      env = {
        VDIRSYNCER_CONFIG: path.join(dataDir, 'vdirsyncer.conf'),
        TODOMAN_CONFIG: path.join(dataDir, 'todoman.py'),
        HOME: dataDir,
      };
    });
    afterAll(() => running?.stop());

    const vdirsyncer = async (...args: string[]) => {
      const result = await run('/usr/bin/vdirsyncer', args, env, 'y\n'.repeat(5));
      if (result.code !== 0) throw new Error(`vdirsyncer ${args.join(' ')}:\n${result.output}`);
      return result.output;
    };
    const todoman = async (...args: string[]) => {
      const result = await run('/usr/bin/todoman', args, env);
      if (result.code !== 0) throw new Error(`todoman ${args.join(' ')}:\n${result.output}`);
      return result.output;
    };
    const localTodos = async () =>
      JSON.parse(await todoman('--porcelain', 'list', '--status', 'ANY')) as {
        id: number;
        summary: string;
        completed: boolean;
      }[];
    const serverTodos = async () =>
      (await running!.api<{ data: FlatTodo[] }>('GET', '/api/todos?pagination[pageSize]=100')).data;

    it('syncs both ways: creates and completions on each side reach the other', async () => {
      await running!.api('POST', '/api/todos', {
        data: { title: 'Pay rent', dueDate: '2026-12-01' },
      });
      await vdirsyncer('discover', 'ticklist');
      await vdirsyncer('sync');
      expect((await localTodos()).map((todo) => todo.summary)).toEqual(['Pay rent']);

      await todoman('new', '-l', 'inbox', 'Buy bread', '--due', '2026-12-10', '--priority', 'high');
      const rent = (await localTodos()).find((todo) => todo.summary === 'Pay rent')!;
      await todoman('done', String(rent.id));
      await vdirsyncer('sync');
      const onServer = await serverTodos();
      expect(
        onServer.find((todo) => todo.attributes.title === 'Pay rent')!.attributes.completed,
      ).toBe(true);
      expect(
        onServer.find((todo) => todo.attributes.title === 'Buy bread')!.attributes,
      ).toMatchObject({
        completed: false,
        dueDate: '2026-12-10',
        priority: 3,
      });

      const bread = onServer.find((todo) => todo.attributes.title === 'Buy bread')!;
      await running!.api('PUT', `/api/todos/${bread.id}`, { data: { completed: true } });
      await running!.api('POST', '/api/todos', { data: { title: 'Call the plumber' } });
      await vdirsyncer('sync');
      const local = await localTodos();
      expect(local.map((todo) => todo.summary).sort()).toEqual([
        'Buy bread',
        'Call the plumber',
        'Pay rent',
      ]);
      expect(local.find((todo) => todo.summary === 'Buy bread')!.completed).toBe(true);

      // A deletion on either side reaches the other.
      const plumber = local.find((todo) => todo.summary === 'Call the plumber')!;
      await todoman('delete', '--yes', String(plumber.id));
      await running!.api('DELETE', `/api/todos/${bread.id}`);
      await vdirsyncer('sync');
      expect((await serverTodos()).map((todo) => todo.attributes.title)).toEqual(['Pay rent']);
      expect((await localTodos()).map((todo) => todo.summary)).toEqual(['Pay rent']);
    });

    it('merges a todo edited on both sides with the README’s conflict resolver, losing neither edit', async () => {
      const [rent] = (await serverTodos()).filter((todo) => todo.attributes.title === 'Pay rent');
      await running!.api('PUT', `/api/todos/${rent!.id}`, {
        data: { title: 'Pay rent by Friday', description: 'The landlord’s IBAN changed' },
      });
      const local = (await localTodos()).find((todo) => todo.summary === 'Pay rent')!;
      // todoman --raw opens the file in $EDITOR: here sed adds a description.
      const editor = `sed -i 's/^\\(SUMMARY:.*\\)/DESCRIPTION:Transfer from savings\\r\\n\\1/'`;
      const edited = await run('/usr/bin/todoman', ['edit', '--raw', String(local.id)], {
        ...env,
        EDITOR: editor,
        VISUAL: editor,
      });
      expect(edited.code).toBe(0);
      await vdirsyncer('sync');
      const [merged] = (await serverTodos()).filter((todo) => todo.id === rent!.id);
      expect(merged!.attributes.title).toBe('Pay rent by Friday');
      expect(merged!.attributes.description).toContain('Transfer from savings');
      expect(merged!.attributes.description).toContain('The landlord’s IBAN changed');
      const mine = JSON.parse(await todoman('--porcelain', 'show', String(local.id))) as {
        summary: string;
        description: string;
      };
      expect(mine.summary).toBe('Pay rent by Friday');
      expect(mine.description).toContain('Transfer from savings');
      expect(mine.description).toContain('The landlord’s IBAN changed');
      // Settled: the next sync has nothing to resolve.
      expect(await vdirsyncer('sync')).not.toMatch(/conflict/i);
    });
  },
);
