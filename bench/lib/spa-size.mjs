// What the first load of /login costs: the entry, its modulepreloads and stylesheets, and the
// lazy chunk of the login route with everything it imports statically — gzip size of each.
//
// The route's chunk is found through Vite's manifest (dist/client/.vite/manifest.json) when the
// build writes one (`build.manifest: true`); otherwise by its file name (LoginPage-<hash>.js) and
// the static imports in the emitted chunks. When a server and Chromium are at hand, the files a
// real browser fetches for /login are listed too (that is the ground truth; the static walk is the
// fallback).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './server.mjs';

const clientDir = path.join(root, 'dist/client');

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;
const rawSize = (file) => fs.statSync(file).size;

/** Relative static imports of an emitted ES module chunk (import … from "./x.js", import "./x.js", export … from). */
function staticImports(file) {
  const code = fs.readFileSync(file, 'utf8');
  const found = new Set();
  const pattern =
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.add(path.resolve(path.dirname(file), match[1]));
  return [...found];
}

function closure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    if (file.endsWith('.js')) staticImports(file).forEach(visit);
  };
  files.forEach(visit);
  return seen;
}

function fromManifest(routeSource) {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || files.has(path.join(clientDir, entry.file))) return;
    files.add(path.join(clientDir, entry.file));
    (entry.css ?? []).forEach((css) => files.add(path.join(clientDir, css)));
    (entry.imports ?? []).forEach(visit);
  };
  Object.keys(manifest)
    .filter((key) => manifest[key].isEntry)
    .forEach(visit);
  const routeKey = Object.keys(manifest).find((key) => key.endsWith(routeSource));
  if (routeKey) visit(routeKey);
  return { files, routeFound: Boolean(routeKey) };
}

function fromHtmlAndChunks(routeChunkPrefix) {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const urls = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const text = tag[0];
    const url = /\b(?:src|href)="([^"]+)"/.exec(text)?.[1];
    if (!url || /^https?:/.test(url)) continue;
    const isModule = tag[1] === 'script' && /type="module"/.test(text);
    const isPreloadOrCss = tag[1] === 'link' && /rel="(modulepreload|stylesheet)"/.test(text);
    if (isModule || isPreloadOrCss) urls.push(url);
  }
  const initial = urls.map((url) => path.join(clientDir, url.replace(/^\//, '')));
  const assets = path.join(clientDir, 'assets');
  const routeChunk = fs
    .readdirSync(assets)
    .find((name) => name.startsWith(routeChunkPrefix) && name.endsWith('.js'));
  const files = closure([...initial, ...(routeChunk ? [path.join(assets, routeChunk)] : [])]);
  // CSS chunks Vite attaches to JS chunks are loaded by the preload helper; list any that exist.
  return { files, routeFound: Boolean(routeChunk) };
}

/** Files a real Chromium fetches for `${origin}/login` (JS and CSS under /assets), or undefined. */
async function fromBrowser(origin) {
  const chromium = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!origin || !fs.existsSync(chromium)) return undefined;
  let playwright;
  try {
    playwright = await import('playwright-core');
  } catch {
    return undefined;
  }
  const browser = await playwright.chromium.launch({
    executablePath: chromium,
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    const files = new Set();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/assets\/.+\.(js|css)$/.test(pathname)) files.add(path.join(clientDir, pathname));
    });
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    return { files };
  } finally {
    await browser.close();
  }
}

function describe(files) {
  const list = [...files]
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => ({
      file: path.relative(clientDir, file),
      bytes: rawSize(file),
      gzip: gzipSize(file),
    }))
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (kind) =>
    list.filter((f) => f.file.endsWith(kind)).reduce((total, f) => total + f.gzip, 0);
  return {
    files: list,
    jsGzip: sum('.js'),
    cssGzip: sum('.css'),
    totalGzip: sum('.js') + sum('.css'),
  };
}

export async function measureSpaSize({ origin } = {}) {
  if (!fs.existsSync(path.join(clientDir, 'index.html')))
    return { error: 'dist/client/index.html is missing' };
  const manifest = fromManifest('src/client/session/LoginPage.tsx');
  const staticWalk = manifest ?? fromHtmlAndChunks('LoginPage-');
  let browser;
  try {
    browser = await fromBrowser(origin);
  } catch (error) {
    browser = { error: String(error?.message ?? error) };
  }
  return {
    method: manifest
      ? 'vite manifest'
      : 'index.html + static imports of emitted chunks (no manifest in the build)',
    routeChunkFound: staticWalk.routeFound,
    static: describe(staticWalk.files),
    browser: browser?.files ? describe(browser.files) : browser,
  };
}

if (process.argv[1] === import.meta.filename) {
  const result = await measureSpaSize({ origin: process.argv[2] });
  console.log(JSON.stringify(result, null, 2));
}
