// Lighthouse (mobile and desktop presets) on a page of a running server, in Debian's Chromium.
//   node bench/lib/lighthouse.mjs http://127.0.0.1:3000 [/login]
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const round = (value, digits = 0) =>
  value === undefined ? undefined : Number(value.toFixed(digits));

export async function runLighthouse(origin, page = '/login') {
  try {
    const { default: lighthouse } = await import('lighthouse');
    const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
    const chromeLauncher = await import('chrome-launcher');
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    const results = {};
    try {
      for (const [preset, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ]) {
        const runner = await lighthouse(
          `${origin}${page}`,
          { port: chrome.port, output: 'json', logLevel: 'error' },
          config,
        );
        const { categories, audits } = runner.lhr;
        results[preset] = {
          scores: Object.fromEntries(
            Object.entries(categories).map(([key, value]) => [key, Math.round(value.score * 100)]),
          ),
          lcpMs: round(audits['largest-contentful-paint']?.numericValue),
          fcpMs: round(audits['first-contentful-paint']?.numericValue),
          tbtMs: round(audits['total-blocking-time']?.numericValue),
          cls: round(audits['cumulative-layout-shift']?.numericValue, 3),
          // What kept a category below 100, so a report says what to fix.
          failing: Object.values(categories).flatMap((category) =>
            category.auditRefs
              .filter(
                (ref) =>
                  ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1,
              )
              .map((ref) => `${category.id}: ${ref.id} (${audits[ref.id].score})`),
          ),
        };
      }
    } finally {
      await chrome.kill();
    }
    return results;
  } catch (error) {
    return { error: `Lighthouse not run: ${error.message}` };
  }
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  const [origin = 'http://127.0.0.1:3000', page = '/login'] = process.argv.slice(2);
  console.log(JSON.stringify(await runLighthouse(origin, page), null, 2));
}
