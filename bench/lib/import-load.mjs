// Another user's list while one user imports a maximal file (issue 36): a fresh user posts a
// 100,000-row CSV (just under the 5 MB limit and at MAX_TODOS_PER_USER's default), while
// `listers` loops of the bench user's page 1, one request at a time each, and one loop of
// /api/health run until the import is answered. Then the same loops for as long again without an
// import, as the baseline of the same minutes. Latencies on the harness's clock.
import http from 'node:http';
import { summarise } from './load.mjs';

/** `rows` todos as our CSV export writes them, every fifth dated: ~47 bytes a row. */
export function maximalCsv(rows) {
  const lines = ['title,description,completed,dueDate'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `Task ${i} buy milk,Note ${i},${i % 2 ? 'true' : 'false'},${i % 5 === 0 ? `2026-12-${String(1 + (i % 28)).padStart(2, '0')}` : ''}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function get(agent, origin, path, jwt) {
  return new Promise((resolve, reject) => {
    const url = new URL(origin + path);
    const started = process.hrtime.bigint();
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Runs the loops until `until` settles (or `ms` pass); the latencies of each kind of call. */
async function loops({ origin, jwt, listers, path, until }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: listers + 1 });
  let done = false;
  until.finally(() => (done = true));
  const list = [];
  const health = [];
  let failures = 0;
  const loop = async (times, p, token) => {
    while (!done) {
      const { status, ms } = await get(agent, origin, p, token);
      if (status !== 200) failures += 1;
      times.push(ms);
    }
  };
  await Promise.all([
    ...Array.from({ length: listers }, () => loop(list, path, jwt)),
    loop(health, '/api/health'),
  ]);
  agent.destroy();
  const round = (summary) =>
    Object.fromEntries(
      Object.entries(summary)
        .filter(([key]) => key !== 'total')
        .map(([key, value]) => [key, Number(value.toFixed(2))]),
    );
  return { list: round(summarise(list)), health: round(summarise(health)), failures };
}

export async function benchImportLoad({ origin, jwt, listPath, listers = 4, rows = 100_000 }) {
  const credentials = {
    email: `importer${process.pid}@example.com`,
    username: `importer${process.pid}`,
    password: 'Kiwi#Lamp42',
  };
  const registered = await fetch(`${origin}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!registered.ok)
    throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const importer = (await registered.json()).jwt;
  const csv = maximalCsv(rows);
  // Warm the list and health paths, so the first requests do not time V8's compiling.
  await loops({
    origin,
    jwt,
    listers,
    path: listPath,
    until: new Promise((resolve) => setTimeout(resolve, 1000)),
  });

  const started = performance.now();
  const importing = fetch(`${origin}/api/todos/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${importer}`, 'content-type': 'text/csv' },
    body: csv,
  }).then(async (response) => ({
    status: response.status,
    body: await response.text(),
    ms: performance.now() - started,
  }));
  const during = await loops({ origin, jwt, listers, path: listPath, until: importing });
  const answer = await importing;
  if (answer.status !== 200)
    throw new Error(`import answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  const baseline = await loops({
    origin,
    jwt,
    listers,
    path: listPath,
    until: new Promise((resolve) => setTimeout(resolve, answer.ms)),
  });
  return {
    rows,
    bytes: Buffer.byteLength(csv),
    importMs: Math.round(answer.ms),
    listers,
    during,
    baseline,
  };
}

/** The report's rows: [measure, target, measured, pass]. */
export function importLoadRows(result, pass) {
  const fmt = (s) => `p50 ${s.p50} / p99 ${s.p99} / max ${s.max} ms (${s.n})`;
  return [
    [
      `import of ${result.rows.toLocaleString('en')} rows (${(result.bytes / 1e6).toFixed(2)} MB CSV)`,
      '',
      `${result.importMs.toLocaleString('en')} ms`,
      '',
    ],
    [
      `another user's page 1 during it, ${result.listers} loops`,
      'p99 ≤ 15 ms',
      fmt(result.during.list),
      pass(result.during.list.p99 <= 15),
    ],
    ['the same loops without an import', '', fmt(result.baseline.list), ''],
    ['/api/health during it', '', fmt(result.during.health), ''],
    ['/api/health without', '', fmt(result.baseline.health), ''],
  ];
}
