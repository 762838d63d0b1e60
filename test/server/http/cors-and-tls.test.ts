import { createTestApp, type TestApp } from '../support/app';

describe('CORS allow-list and HSTS behind TLS', () => {
  let t: TestApp;
  beforeAll(
    async () =>
      (t = await createTestApp('sqlite', {
        CORS_ORIGINS: 'https://app.example',
        TRUST_PROXY: '1',
      })),
  );
  afterAll(() => t.close());

  it('answers an allowed origin’s preflight, and nobody else’s', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/todos',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await preflight('https://app.example');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('authorization');
    expect(
      (await preflight('https://evil.example')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });

  it('sends HSTS on requests that arrived over HTTPS (per the trusted proxy), not on plain HTTP', async () => {
    const https = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
