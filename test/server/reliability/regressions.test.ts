/** Defects the reliability suites found, pinned down one by one. */
import type { Session } from '../../../src/shared/api-types';
import {
  bearer,
  call,
  createTestApp,
  describeEachDialect,
  register,
  type TestApp,
} from '../support/app';

const errorShape = (status: number, name: string) => ({
  data: null,
  error: { status, name, message: expect.any(String), details: expect.any(Object) },
});

describeEachDialect('reliability regressions', (dialect) => {
  let testApp: TestApp;
  let session: Session;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
    session = await register(testApp.app);
  });
  afterAll(() => testApp.close());

  it('answers a NUL character in a todo or a login with a 400, not a 500 (PostgreSQL cannot store it)', async () => {
    const created = await call(testApp.app, session, {
      method: 'POST',
      url: '/api/todos',
      payload: { data: { title: 'a\u0000b' } },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(errorShape(400, 'ValidationError'));
    expect(created.json().error.details.errors[0].path).toEqual(['title']);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { identifier: 'x\u0000', password: 'Kiwi#Lamp42' },
    });
    expect(login.statusCode).toBe(400);
    const search = await call(testApp.app, session, {
      method: 'GET',
      url: '/api/todos?filters[title][$contains]=%00',
    });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual(errorShape(400, 'ValidationError'));
  });

  it('answers an over-long or malformed path in the contract shape without echoing it', async () => {
    const long = await testApp.app.inject({
      method: 'GET',
      url: `/api/todos/${'9'.repeat(300)}`,
      headers: bearer(session),
    });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toEqual(errorShape(404, 'NotFoundError'));
    expect(long.body).not.toContain('9'.repeat(50));
  });
});
