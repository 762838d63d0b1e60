/**
 * @jest-environment node
 *
 * The OpenAPI document describes labels from the schemas the server validates with: the
 * /api/labels routes with their body, filters and sort; on todos the `labels` body field,
 * onMissingLabel, the label filters, populate and the populated relation's shape; the counts call's
 * labels.
 */
import { createTestApp, type TestApp } from '../support/app';

describe('labels in the OpenAPI document', () => {
  let t: TestApp;
  // The document as JSON: its shape is what the tests below check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let doc: { paths: Record<string, Record<string, any>> };
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

  const parameterNames = (path: string, method: string) =>
    (doc.paths[path]![method]!.parameters as { name: string }[]).map((parameter) => parameter.name);
  const jsonBody = (path: string, method: string) =>
    doc.paths[path]![method]!.requestBody.content['application/json'].schema;
  const answer = (path: string, method: string) =>
    doc.paths[path]![method]!.responses['200'].content['application/json'].schema;

  it('lists the label routes and their methods', () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/labels', '/api/labels/{id}']),
    );
    expect(Object.keys(doc.paths['/api/labels']!)).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/labels/{id}']!)).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(answer('/api/todos/counts', 'get').properties.data.properties.labels).toMatchObject({
      type: 'array',
      items: { required: ['id', 'open'] },
    });
  });

  it('describes a label body in its data envelope, its list query and its answer', () => {
    expect(jsonBody('/api/labels', 'post')).toMatchObject({
      required: ['data'],
      properties: {
        data: {
          required: ['name'],
          additionalProperties: false,
          properties: { color: { default: '#808080' } },
        },
      },
    });
    expect(jsonBody('/api/labels/{id}', 'put').properties.data.required ?? []).toEqual([]);
    expect(parameterNames('/api/labels', 'get')).toEqual(
      expect.arrayContaining(['pagination[page]', 'filters[name]', 'sort']),
    );
    const attributes = answer('/api/labels/{id}', 'get').properties.data.properties.attributes;
    expect(attributes.required).toEqual(['name', 'color', 'createdAt', 'updatedAt']);
    expect(answer('/api/labels/{id}', 'delete').properties.meta.properties.todos.type).toBe(
      'integer',
    );
  });

  it('describes a todo’s labels: body field, query flag, filters, populate and the relation', () => {
    expect(jsonBody('/api/todos', 'post').properties.data.properties.labels.description).toMatch(
      /connect/,
    );
    expect(jsonBody('/api/todos/{id}', 'put').properties.data.properties).toHaveProperty('labels');
    expect(parameterNames('/api/todos', 'get')).toEqual(
      expect.arrayContaining(['filters[labels][id]', 'filters[labels][name]', 'populate']),
    );
    expect(parameterNames('/api/todos', 'post')).toContain('onMissingLabel');
    expect(parameterNames('/api/todos/{id}', 'put')).toContain('onMissingLabel');
    const todo = answer('/api/todos', 'get').properties.data.items.properties.attributes;
    expect(todo.required).not.toContain('labels');
    expect(todo.properties.labels).toMatchObject({
      required: ['data'],
      properties: { data: { type: 'array', items: { required: ['id', 'attributes'] } } },
    });
    expect(
      answer('/api/todos', 'post').properties.meta.properties.labels.properties,
    ).toHaveProperty('missing');
  });
});
