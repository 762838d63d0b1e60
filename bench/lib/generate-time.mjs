// The "Generate Todos" click in Chromium against the running server: milliseconds from the click
// until the list says it holds the 100 new todos ("… of 100 entries"), faker's first load included
// (each run is a fresh browser context, so nothing is cached). Median of `runs`.
import { chromium } from 'playwright-core';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function register(origin, tag) {
  const response = await fetch(`${origin}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${tag}@bench.example`, username: tag, password: 'Bench!Pass1' }),
  });
  if (!response.ok) throw new Error(`register failed: ${response.status}`);
  return response.json();
}

export async function measureGenerate({ origin, runs = 3 }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const times = [];
  try {
    for (let run = 0; run < runs; run++) {
      const session = await register(origin, `gen${Date.now().toString(36)}${run}`);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(
        (stored) => window.localStorage.setItem('user', stored),
        JSON.stringify(session),
      );
      const page = await context.newPage();
      await page.goto(`${origin}/todos`);
      await page.getByText('No todos available. Add your first todo!').waitFor();
      // Timed on the page's own clock: from the click's dispatch to the first frame showing the total.
      await page.evaluate(() => {
        window.__generateDone = new Promise((resolve) => {
          const started = { at: 0 };
          document.addEventListener('click', () => (started.at ||= performance.now()), {
            capture: true,
          });
          new MutationObserver(() => {
            if (started.at && document.body.textContent.includes('of 100 entries'))
              resolve(performance.now() - started.at);
          }).observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      });
      await page.getByRole('button', { name: 'Generate Todos' }).click();
      times.push(await page.evaluate(() => window.__generateDone));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: times.map((t) => Math.round(t)),
    medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]),
  };
}
