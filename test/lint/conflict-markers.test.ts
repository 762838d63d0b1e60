import { execFileSync } from 'node:child_process';
import path from 'node:path';

// A merge that left its conflict markers in a file Prettier does not read (the README) once landed.
const root = path.resolve(__dirname, '../..');

test('no tracked file holds a merge conflict marker', () => {
  let found = '';
  try {
    found = execFileSync('git', ['grep', '-n', '-E', '^(<<<<<<< |>>>>>>> |=======$)', '--', '.'], {
      cwd: root,
      encoding: 'utf8',
    });
  } catch (error) {
    // git grep exits 1 when nothing matches.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  expect(found).toBe('');
});
