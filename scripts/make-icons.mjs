// Renders the app's icons (public/*.png) from the favicon's logo with Debian's Chromium:
// `node scripts/make-icons.mjs`, run once when the logo changes; the PNGs are committed.
// "any" icons keep the favicon's rounded square on a transparent page; the maskable one fills the
// square and keeps the tick inside the central 80 % circle that launchers never crop.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const BLUE = '#1565c0';
const TICK = 'M8 16.5l5 5 11-11';

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${BLUE}"/><path d="${TICK}" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
// The tick scaled to 60 % around the centre: well inside the safe zone (a circle of radius 40 %).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)"><path d="${TICK}" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

const icons = [
  { file: 'pwa-192x192.png', size: 192, svg: rounded },
  { file: 'pwa-512x512.png', size: 512, svg: rounded },
  { file: 'maskable-512x512.png', size: 512, svg: maskable },
  // iOS ignores the manifest's icons and draws its own rounded corners: a full square.
  { file: 'apple-touch-icon-180x180.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(publicDir, file), omitBackground: true });
    await page.close();
    console.log(`public/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
