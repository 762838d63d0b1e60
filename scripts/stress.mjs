// npm run test:stress: the browser suites (Playwright, test/e2e) and the API suites (Jest's server
// project, on SQLite and PostgreSQL) three times over, while a busy loop per core keeps the CPU
// loaded, as a slow or shared CI machine would. Prints each run's result; exits non-zero when any
// run failed. A test that fails only here waits for time instead of for what it needs.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

// STRESS_RUNS: fewer rounds for a quick look; the check is three.
const RUNS = Number(process.env.STRESS_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

buildIfStale();

const burners = Array.from({ length: os.availableParallelism() }, () =>
  spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' }),
);
const stopBurners = () => burners.forEach((burner) => burner.kill('SIGKILL'));
process.on('exit', stopBurners);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopBurners();
    process.exit(130);
  });
console.log(`CPU load: ${burners.length} busy loops (pids ${burners.map((b) => b.pid).join(' ')})`);

const suites = [
  ['e2e', bin('playwright'), ['test', '--reporter=dot']],
  ['api', bin('jest'), ['--selectProjects', 'server', '--maxWorkers=2', '--silent']],
];
const outcomes = [];
for (let round = 1; round <= RUNS; round += 1) {
  for (const [name, command, args] of suites) {
    console.log(`\n=== run ${round}/${RUNS}, ${name}: ${path.basename(command)} ${args.join(' ')}`);
    const startedAt = Date.now();
    const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    const outcome = `run ${round} ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - startedAt) / 1000)} s`;
    outcomes.push({ outcome, ok: status === 0 });
    console.log(outcome);
  }
}
stopBurners();

console.log(`\n${outcomes.map(({ outcome }) => outcome).join('\n')}`);
const failures = outcomes.filter(({ ok }) => !ok).length;
console.log(
  failures === 0
    ? `\nAll ${outcomes.length} runs passed under load.`
    : `\n${failures} of ${outcomes.length} runs failed under load.`,
);
process.exit(failures === 0 ? 0 : 1);
