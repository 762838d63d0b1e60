/**
 * One file-naming convention per side, so a name says what a file holds. The server and src/shared:
 * kebab-case (`todo-requests.ts`, `001-initial.ts`). The SPA: camelCase modules (`todosApi.ts`,
 * `useSignOut.tsx`) and PascalCase .tsx files for React components (`TodoRow.tsx`); a PascalCase
 * name promises a component, and a component's name is not given to a camelCase file.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    return entry.isDirectory() ? [relative, ...filesUnder(relative)] : [relative];
  });
}

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;

/** The name without its extension(s): `.ts`, `.tsx`, `.cjs`, `.d.cts`, … */
const stem = (file: string) => path.posix.basename(file).replace(/(\.d)?\.[cm]?[jt]sx?$/, '');

/** A client file's text, or null for a folder. */
const sourceOf = (file: string) =>
  fs.statSync(path.join(root, file)).isDirectory()
    ? null
    : fs.readFileSync(path.join(root, file), 'utf8');

/** What is wrong with a client file's name (`source` null: a folder), or undefined when it follows the convention. */
function clientNameProblem(file: string, source: string | null): string | undefined {
  const name = stem(file);
  if (source === null) return CAMEL.test(name) ? undefined : 'a folder is camelCase';
  if (PASCAL.test(name)) {
    if (!file.endsWith('.tsx')) return 'PascalCase is for .tsx component files';
    return /^export (?:default |const |function |class )*[A-Z]/m.test(source)
      ? undefined
      : 'a PascalCase file exports a component';
  }
  if (!CAMEL.test(name)) return 'a module is camelCase';
  if (file.endsWith('.tsx')) {
    const component = name[0]!.toUpperCase() + name.slice(1);
    if (
      new RegExp(`^export (?:default )?(?:const|function|class) ${component}\\b`, 'm').test(source)
    )
      return `a file of the ${component} component is ${component}.tsx`;
  }
  return undefined;
}

test('server and shared files and folders are kebab-case', () => {
  const outliers = [...filesUnder('src/server'), ...filesUnder('src/shared')].filter(
    (file) => !KEBAB.test(stem(file)),
  );
  expect(outliers).toEqual([]);
});

test('client modules are camelCase, component files PascalCase.tsx', () => {
  const outliers = filesUnder('src/client').flatMap((file) => {
    const problem = clientNameProblem(file, sourceOf(file));
    return problem ? [`${file}: ${problem}`] : [];
  });
  expect(outliers).toEqual([]);
});

test('the check tells outliers from good names', () => {
  const problem = (name: string, source: string | null = '') =>
    clientNameProblem(`src/client/ui/${name}`, source);
  expect(problem('client-config.defaults.cjs')).toBe('a module is camelCase');
  expect(problem('due-dates.ts')).toBe('a module is camelCase');
  expect(problem('DueDates.ts')).toBe('PascalCase is for .tsx component files');
  expect(problem('DueLabel.tsx', 'export const due = 1;\n')).toBe(
    'a PascalCase file exports a component',
  );
  expect(problem('dueLabel.tsx', 'export function DueLabel() {}\n')).toBe(
    'a file of the DueLabel component is DueLabel.tsx',
  );
  expect(problem('due_dates', null)).toBe('a folder is camelCase');
  expect(problem('DueLabel.tsx', 'export function DueLabel() {}\n')).toBeUndefined();
  expect(problem('useDue.tsx', 'export function useDue() {}\n')).toBeUndefined();
  expect(KEBAB.test(stem('src/server/todos/todoRequests.ts'))).toBe(false);
  expect(KEBAB.test(stem('src/server/db/migrations/016-new-table.ts'))).toBe(true);
});
