/** @jest-environment node */
import Fastify, { type FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { toApiError } from '../../../src/server/http/errors';
import {
  validateWithValibot,
  type ValibotTypeProvider,
} from '../../../src/server/http/valibot-compiler';

function appWith(register: (app: FastifyInstance) => void) {
  const app = Fastify();
  validateWithValibot(app);
  app.setErrorHandler((error, _request, reply) => {
    const apiError = toApiError(error);
    return reply.code(apiError.status).send(apiError.toBody());
  });
  register(app);
  return app;
}

describe('validation at entry with valibot schemas', () => {
  const body = v.object({ title: v.pipe(v.string('title must be text'), v.trim()) });
  const params = v.object({ id: v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number)) });
  const app = appWith((api) =>
    api
      .withTypeProvider<ValibotTypeProvider>()
      .post('/things/:id', { schema: { body, params } }, async (request) => ({
        params: request.params,
        body: request.body,
      })),
  );
  afterAll(() => app.close());

  it('hands the handler what the schemas output', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things/7',
      payload: { title: '  milk  ' },
    });
    expect(response.json()).toEqual({ params: { id: 7 }, body: { title: 'milk' } });
  });

  it('answers a refused body with the 400 ValidationError naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/things/7', payload: { title: 5 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      name: 'ValidationError',
      message: 'title must be text',
      details: { errors: [{ path: ['title'], message: 'title must be text' }] },
    });
  });

  it('answers a path that names nothing with 404', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things/seven',
      payload: { title: 'x' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses to start with a route whose schema is not a valibot schema', async () => {
    const jsonSchemaApp = appWith((api) =>
      api.post('/json', { schema: { body: { type: 'object' } } }, async () => ({})),
    );
    await expect(jsonSchemaApp.ready()).rejects.toThrow(/must be a valibot schema/);
  });
});
