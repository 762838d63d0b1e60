import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from '../support/app';

const BIG_SCRIPT = `export const lines = [${Array.from({ length: 500 }, (_, i) => `"line ${i}"`).join(',')}];`;

describe('serving the SPA', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-spa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><title>Ticklist</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
    // As the build leaves a large script: with its brotli and gzip copies beside it.
    fs.writeFileSync(path.join(dir, 'assets', 'big-def456.js'), BIG_SCRIPT);
    fs.writeFileSync(
      path.join(dir, 'assets', 'big-def456.js.br'),
      zlib.brotliCompressSync(BIG_SCRIPT),
    );
    fs.writeFileSync(path.join(dir, 'assets', 'big-def456.js.gz'), zlib.gzipSync(BIG_SCRIPT));
    t = await createTestApp('sqlite', { STATIC_DIR: dir });
  });
  afterAll(() => t.close());

  it.each([
    '/',
    '/todos',
    '/login',
    '/register',
    '/profile',
    '/trash',
    '/todos?page=2&search=x',
    '/todos/',
    '/Todos',
    '/inbox',
    '/projects/12',
  ])('answers the page %s with index.html, 200', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it.each([
    '/nowhere',
    '/some/deep/link?x=1',
    '/todos/12',
    '/projects',
    '/projects/abc',
    '/projects/0',
    '/projects/12/extra',
    '/login/extra',
    '/dev',
    '/assets/missing.js',
  ])(
    'answers %s, a path the app does not know, with index.html and 404 (the app shows its 404 page)',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await t.app.inject({ method, url });
        expect([method, response.statusCode]).toEqual([method, 404]);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.headers['cache-control']).toBe('no-cache');
        if (method === 'GET') expect(response.body).toContain('<div id="root">');
      }
    },
  );

  it('serves files as they are, fingerprinted assets for a year', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).body).toBe('<svg/>');
  });

  it.each([
    ['br, gzip', 'br', zlib.brotliDecompressSync],
    ['gzip', 'gzip', zlib.gunzipSync],
  ] as const)(
    'sends the precompressed copy to a client accepting %s',
    async (accept, encoding, decompress) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/big-def456.js',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 3);
      expect(decompress(response.rawPayload).toString()).toBe(BIG_SCRIPT);
    },
  );

  it('sends the plain file to a client that accepts no encoding', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(BIG_SCRIPT);
  });

  it('keeps unknown API paths and non-GET requests on the JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['POST', '/somewhere'],
      ['GET', '/api/todos/1/extra'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.name).toBe('NotFoundError');
    }
  });
});
