// Builds the SPA and/or the server when their output is missing or older than their sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(entries) {
  let newest = 0;
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory())
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  entries.forEach((entry) => visit(path.join(root, entry)));
  return newest;
}

const targets = {
  client: {
    output: 'dist/client/index.html',
    sources: [
      'src/client',
      'src/shared',
      'index.html',
      'public',
      'vite.config.mts',
      'package-lock.json',
    ],
    command: [process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build']],
  },
  server: {
    output: 'dist/server/main.mjs',
    sources: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'package-lock.json'],
    command: [process.execPath, [path.join(root, 'scripts/build-server.mjs')]],
  },
};

export function buildIfStale(names = Object.keys(targets)) {
  for (const name of names) {
    const { output, sources, command } = targets[name];
    const outputFile = path.join(root, output);
    const built = fs.existsSync(outputFile) ? fs.statSync(outputFile).mtimeMs : 0;
    if (built >= newestMtime(sources)) continue;
    console.log(`Building the ${name === 'client' ? 'web app' : 'server'}…`);
    const result = spawnSync(command[0], command[1], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`Building the ${name} failed.`);
      process.exit(result.status ?? 1);
    }
  }
}

if (process.argv[1] === import.meta.filename)
  buildIfStale(process.argv.slice(2).length ? process.argv.slice(2) : undefined);
