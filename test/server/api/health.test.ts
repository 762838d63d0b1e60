import { createTestApp, describeEachDialect, type TestApp } from '../support/app';

describeEachDialect('GET /api/health', (dialect) => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp(dialect)));
  afterAll(() => t.close());

  it('answers ok while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
