// npm test: build (the browser tests use the built app); typecheck, lint and the format check beside
// Jest's shared and client projects (jsdom); then Jest's server project (each database); then
// Playwright (test/e2e in Chromium); then the SPA against Strapi (test/e2e-strapi, when
// STRAPI_COMPAT_DIR names a prepared project; always under CI). Prints each stage's wall time, and
// ends with one line that totals every runner: "N passed, N failed[, N skipped]" (tsc, eslint, the
// Prettier check and the build count as one test each).
// `npm test -- <jest arguments>` runs Jest alone with them.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (label, command, args, env = {}) => {
  console.log(`\n=== ${label}: ${path.basename(command)} ${args.join(' ')}`);
  return (
    spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
      .status === 0
  );
};

/** As run, without waiting; its output is shown when it ends, so two at once do not interleave. */
const runAsync = (label, command, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env } });
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

const stageTimes = [];
/** Runs one stage and notes its wall time, printed at once and again in the closing summary. */
async function stage(name, work) {
  const startedAt = Date.now();
  const value = await work();
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  stageTimes.push(`${name} ${seconds} s`);
  console.log(`\n--- ${name}: ${seconds} s`);
  return value;
}

/** A fresh path for a runner's JSON report under test-results/. */
function reportFile(name) {
  fs.mkdirSync(results, { recursive: true });
  const file = path.join(results, name);
  fs.rmSync(file, { force: true });
  return file;
}

/** One Jest run, its results added to the totals. */
async function jest(label, args, runner = run, report = 'jest.json', workers = 2) {
  const file = reportFile(report);
  const ok = await runner(label, bin('jest'), [
    '--json',
    `--outputFile=${file}`,
    `--maxWorkers=${workers}`,
    ...args,
  ]);
  const before = failed;
  if (fs.existsSync(file)) {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    // A suite that fails to load has no failed test of its own: count it, so it cannot pass unseen.
    failed += report.testResults.filter(
      (suite) => suite.status === 'failed' && suite.assertionResults.length === 0,
    ).length;
  } else {
    failed += 1;
  }
  if (!ok && failed === before) failed += 1;
}

/** One Playwright run (list output, plus a JSON report), its results added to the totals. */
async function playwright(label, report, args = [], runner = run) {
  const file = reportFile(report);
  const ok = await runner(label, bin('playwright'), ['test', '--reporter=list,json', ...args], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: file,
  });
  const before = failed;
  if (fs.existsSync(file)) {
    const { stats, errors } = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += stats.expected;
    failed += stats.unexpected + stats.flaky;
    skipped += stats.skipped;
    // An error outside any test (a worker fixture, a file that does not load) fails the run too.
    failed += errors.length;
  } else {
    failed += 1;
  }
  if (!ok && failed === before) failed += 1;
}

const args = process.argv.slice(2);
if (args.length > 0) {
  await stage('jest', () => jest('jest', args));
} else {
  const built = await stage('build', () => {
    const ok =
      run('build', process.execPath, [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'warn',
      ]) && run('build', process.execPath, [path.join(root, 'scripts/build-server.mjs')]);
    check(ok);
    return ok;
  });
  const strapiWanted = Boolean(process.env.STRAPI_COMPAT_DIR) || process.env.CI === 'true';
  // tsc and ESLint each keep one core busy. Jest's jsdom suites use about one core (much of their
  // time is React and timers waiting), so they run beside them, with the short Prettier check; the
  // API suites and the browsers come after, each with the cores to itself.
  await stage('typecheck+lint+format beside jest shared+client', async () => {
    const results = await Promise.all([
      runAsync('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
      runAsync('lint', bin('eslint'), ['.']),
      runAsync('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
      // Three workers on two cores: a jsdom suite waits part of its time (timers, React), and
      // with two the cores sat idle once tsc and ESLint were done.
      jest(
        'jest (shared, client)',
        ['--selectProjects', 'shared', 'client'],
        runAsync,
        'jest.json',
        3,
      ).then(() => true),
    ]);
    results.slice(0, 3).forEach(check);
  });
  const browsers = async () => {
    if (!built) {
      console.log('\nThe build failed: the browser suites did not run.');
      failed += 1;
      return;
    }
    await playwright('playwright', 'e2e.json', [], runAsync);
  };
  // The Strapi suite runs one test at a time, alone at the end: beside the other suites, a loaded
  // two-core machine slowed Strapi past the tests' timeouts.
  const strapi = async () => {
    if (built && strapiWanted)
      await playwright(
        'playwright (Strapi)',
        'e2e-strapi.json',
        ['-c', 'playwright-strapi.config.ts'],
        runAsync,
      );
  };
  // One after the other: side by side on two cores each ran about three times slower than alone
  // (Playwright 14.8 min beside the API suites, 4.8 alone; the API suites 3.2 min alone).
  await stage('jest server', () =>
    jest('jest (server)', ['--selectProjects', 'server'], runAsync, 'jest-server.json'),
  );
  await stage('playwright', browsers);
  await stage('strapi', strapi);
  if (!strapiWanted) {
    console.log(
      '\nSkipping the Strapi suite (test/e2e-strapi): STRAPI_COMPAT_DIR is unset. To run it:',
    );
    console.log('  npm run strapi:compat -- <dir> --no-start && STRAPI_COMPAT_DIR=<dir> npm test');
    skipped += 1;
  }
}

console.log(`\nWall time per stage: ${stageTimes.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
