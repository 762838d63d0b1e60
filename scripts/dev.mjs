// npm run dev: the API server (restarting on change) and Vite with HMR, which proxies /api to it.
// npm run dev:mock (--mock): Vite alone, with the mock API in the browser (src/client/mocks).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const mock = process.argv.includes('--mock');
const children = [
  ...(mock
    ? []
    : [
        spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
          cwd: root,
          stdio: 'inherit',
        }),
      ]),
  spawn(bin('vite'), [], {
    cwd: root,
    stdio: 'inherit',
    env: mock ? { ...process.env, VITE_MOCK_API: '1' } : process.env,
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
