// npm test: typecheck, lint, build (the browser tests use the built app), then every Jest project
// (shared, server on each database, client in jsdom, e2e in Chromium). Ends with one line that
// totals every runner: "N passed, N failed[, N skipped]" (tsc and eslint count as one test each).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (label, command, args) => {
  console.log(`\n=== ${label}: ${path.basename(command)} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status === 0;
};

let passed = 0;
let failed = 0;
let skipped = 0;
const check = (ok) => (ok ? (passed += 1) : (failed += 1));

check(run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']));
check(run('lint', bin('eslint'), ['.']));
const built = run('build', process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']) &&
  run('build', process.execPath, [path.join(root, 'scripts/build-server.mjs')]);
check(built);

const report = path.join(root, 'test-results', 'jest.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });
const jestOk = run('jest', bin('jest'), ['--json', `--outputFile=${report}`, '--maxWorkers=2', ...process.argv.slice(2)]);
if (fs.existsSync(report)) {
  const results = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  skipped += results.numPendingTests + results.numTodoTests;
  // A suite that fails to load has no failed test of its own: count it, so it cannot pass unseen.
  failed += results.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.length === 0).length;
} else {
  failed += 1;
}
if (!jestOk && failed === 0) failed += 1;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
