// Bundles the server's TypeScript into one ESM file; packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts', 'src/server/admin.ts'],
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
