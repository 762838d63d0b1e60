import { execFileSync } from 'node:child_process';
import path from 'node:path';

// Proves the import rules in eslint.config.mjs fire: planted files (a real two-file cycle under
// fixtures/, the rest linted as text at the path named) must be reported, a clean import must not.
const root = path.resolve(__dirname, '../..');

interface LintCase {
  name: string;
  filePath: string;
  text?: string;
}

const cases: LintCase[] = [
  { name: 'cycle', filePath: 'test/lint/fixtures/cycle/a.ts' },
  {
    name: 'feature internals',
    filePath: 'src/client/home/planted.ts',
    text: "export { TrashRow } from '../trash/TrashRow';\n",
  },
  {
    name: 'app internals',
    filePath: 'src/client/home/planted.ts',
    text: "export { BRAND } from '../app/layout/Navbar';\n",
  },
  {
    name: 'feature to app',
    filePath: 'src/client/todos/planted.ts',
    text: "export { createAppStore } from '../app/store';\n",
  },
  {
    name: 'lib to feature',
    filePath: 'src/client/lib/planted.ts',
    text: "export { useSessionUser } from '../session';\n",
  },
  {
    name: 'feature to the mock API',
    filePath: 'src/client/todos/planted.ts',
    text: "export { MockBackend } from '../mocks/handlers';\n",
  },
  {
    name: 'client to server',
    filePath: 'src/client/ui/planted.ts',
    text: "export { onPostgres } from '../../server/db/dialect';\n",
  },
  {
    name: 'shared to client',
    filePath: 'src/shared/planted.ts',
    text: "export { clientConfig } from '../client/config';\n",
  },
  {
    name: 'db to feature',
    filePath: 'src/server/db/planted.ts',
    text: "export { purgeTrash } from '../todos/trash';\n",
  },
  {
    name: 'db to server root',
    filePath: 'src/server/db/planted.ts',
    text: "export { loadConfig } from '../config';\n",
  },
  {
    name: 'feature to jobs',
    filePath: 'src/server/todos/planted.ts',
    text: "export { repeat } from '../jobs/repeat';\n",
  },
  {
    name: 'server clean',
    filePath: 'src/server/todos/planted.ts',
    text: [
      "export { ownerTransaction } from '../db/transactions';",
      "export { isUniqueViolation } from '../db/errors';",
      "export { notFound } from '../http/errors';",
      "export { recordEvent } from '../events/journal';",
      '',
    ].join('\n'),
  },
  {
    name: 'clean',
    filePath: 'src/client/home/planted.ts',
    text: [
      "export { api } from '../lib/api';",
      "export { TodoRow } from '../todos';",
      "export { formatDateTime } from '../ui/dates';",
      "export { useShortcuts } from '../shortcuts';",
      '',
    ].join('\n'),
  },
];

let reported: Record<string, string[]>;

beforeAll(() => {
  const input = cases.map((lintCase) => ({
    ...lintCase,
    filePath: path.join(root, lintCase.filePath),
  }));
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-cases.mjs')], {
    cwd: root,
    input: JSON.stringify(input),
    encoding: 'utf8',
  });
  reported = JSON.parse(output) as Record<string, string[]>;
}, 60_000);

test('a two-file cycle is reported by import-x/no-cycle', () => {
  expect(reported.cycle).toContain('import-x/no-cycle');
});

test.each([
  'feature internals',
  'app internals',
  'feature to app',
  'lib to feature',
  'client to server',
  'shared to client',
  'db to feature',
  'db to server root',
  'feature to jobs',
])('%s is reported by import-x/no-restricted-paths', (name) => {
  expect(reported[name]).toContain('import-x/no-restricted-paths');
});

test("a feature importing lib/, ui/ and another feature's index.ts passes", () => {
  expect(reported.clean).toEqual([]);
});

test('a server feature importing db/, http/ and events/ passes', () => {
  expect(reported['server clean']).toEqual([]);
});
