// Load generators: autocannon for throughput, a one-at-a-time loop for per-request latency.
import http from 'node:http';
import autocannon from 'autocannon';

/** One autocannon run; every request carries the bearer token. `rate`: requests a second in all, at most. */
export async function cannon({
  origin,
  path,
  jwt,
  connections,
  duration,
  method = 'GET',
  body,
  rate,
}) {
  const result = await autocannon({
    url: origin + path,
    method,
    connections,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    headers: {
      authorization: `Bearer ${jwt}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body,
    timeout: 30,
  });
  return {
    reqPerSec: result.requests.average,
    latency: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.mean,
    },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request over a kept-alive socket; resolves with status, body length and milliseconds. */
export function timedRequest({ origin, path, jwt, method = 'GET', body }) {
  return new Promise((resolve, reject) => {
    const url = new URL(origin + path);
    const started = process.hrtime.bigint();
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: {
          authorization: `Bearer ${jwt}`,
          ...(body
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            bytes,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function summarise(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1),
    total: sorted.reduce((sum, t) => sum + t, 0),
  };
}

/** `count` requests one after another (1 connection): per-request latency ≈ server time + loopback. */
export async function sequential({ origin, path, jwt, count, warmup = 10, method, body }) {
  for (let i = 0; i < warmup; i++)
    await timedRequest({
      origin,
      path,
      jwt,
      method,
      body: typeof body === 'function' ? body(i) : body,
    });
  const times = [];
  let failures = 0;
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const result = await timedRequest({
      origin,
      path,
      jwt,
      method,
      body: typeof body === 'function' ? body(i) : body,
    });
    if (result.status < 200 || result.status >= 300) failures++;
    bytes = result.bytes;
    times.push(result.ms);
  }
  return { ...summarise(times), failures, bytes };
}

export const median = (values) => {
  const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (finite.length === 0) return NaN;
  const mid = Math.floor(finite.length / 2);
  return finite.length % 2 ? finite[mid] : (finite[mid - 1] + finite[mid]) / 2;
};
