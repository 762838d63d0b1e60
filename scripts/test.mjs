// npm test: typecheck, lint, build (the browser tests use the built app), then every Jest project
// (shared, server on each database, client in jsdom, e2e in Chromium), then the SPA against Strapi
// (e2e-strapi, when STRAPI_COMPAT_DIR names a prepared project; always under CI). Ends with one line that
// totals every runner: "N passed, N failed[, N skipped]" (tsc, eslint and the
// Prettier check count as one test each).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (label, command, args) => {
  console.log(`\n=== ${label}: ${path.basename(command)} ${args.join(' ')}`);
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status === 0;
};

/** As run, without waiting; its output is shown when it ends, so two at once do not interleave. */
const runAsync = (label, command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${label}: ${path.basename(command)} ${args.join(' ')}\n${output}`);
      resolve(code === 0);
    });
  });

let passed = 0;
let failed = 0;
let skipped = 0;
const check = (ok) => (ok ? (passed += 1) : (failed += 1));

// tsc and ESLint each keep one core busy: on a two-core machine they run side by side.
const [typed, linted] = await Promise.all([
  runAsync('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
  runAsync('lint', bin('eslint'), ['.']),
]);
check(typed);
check(linted);
check(run('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']));
const built =
  run('build', process.execPath, [
    path.join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--logLevel',
    'warn',
  ]) && run('build', process.execPath, [path.join(root, 'scripts/build-server.mjs')]);
check(built);

/** One Jest run, its results added to the totals. */
function jest(label, report, args) {
  const file = path.join(root, 'test-results', report);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.rmSync(file, { force: true });
  const ok = run(label, bin('jest'), ['--json', `--outputFile=${file}`, '--maxWorkers=2', ...args]);
  const before = failed;
  if (fs.existsSync(file)) {
    const results = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += results.numPassedTests;
    failed += results.numFailedTests;
    skipped += results.numPendingTests + results.numTodoTests;
    // A suite that fails to load has no failed test of its own: count it, so it cannot pass unseen.
    failed += results.testResults.filter(
      (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
    ).length;
  } else {
    failed += 1;
  }
  if (!ok && failed === before) failed += 1;
}

const args = process.argv.slice(2);
if (args.length > 0) {
  jest('jest', 'jest.json', args);
} else {
  // The Strapi suite runs on its own after the rest: Strapi, a build and Chromium at once would
  // slow the timing-sensitive browser suites on a small machine.
  jest('jest', 'jest.json', ['--ignoreProjects', 'e2e-strapi']);
  if (process.env.STRAPI_COMPAT_DIR || process.env.CI === 'true') {
    jest('jest (Strapi)', 'jest-strapi.json', ['--selectProjects', 'e2e-strapi']);
  } else {
    console.log(
      '\nSkipping the Strapi suite (test/e2e-strapi): STRAPI_COMPAT_DIR is unset. To run it:',
    );
    console.log('  npm run strapi:compat -- <dir> --no-start && STRAPI_COMPAT_DIR=<dir> npm test');
    skipped += 1;
  }
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
