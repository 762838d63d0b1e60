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
  // Packages the server loads only when needed (pg) are required lazily; ESM has no require of its own.
  banner: { js: "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: 'warning',
});
