/**
 * @jest-environment node
 *
 * The OpenAPI document describes projects (issue 41, item 1) from the schemas the server validates
 * with: the /api/projects routes with their body, filters and sort, the restore and the trash; on
 * todos the `project` body field, the project filter, populate and the populated relation's shape;
 * the counts call. Subtasks too: the `parent` body field, its filter, the write's query parameters,
 * and the populated `parent` and `subtasks` relations with the notes a write adds to `meta`.
 */
import { createTestApp, type TestApp } from '../support/app';

describe('projects in the OpenAPI document', () => {
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

  it('lists the project routes and the counts call', () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/projects',
        '/api/projects/{id}',
        '/api/projects/{id}/restore',
        '/api/projects/trash',
        '/api/todos/counts',
      ]),
    );
    expect(Object.keys(doc.paths['/api/projects/{id}']!)).toEqual(
      expect.arrayContaining(['get', 'put', 'delete']),
    );
    expect(answer('/api/todos/counts', 'get').properties.data.required).toEqual([
      'all',
      'inbox',
      'projects',
      'labels',
    ]);
  });

  it('describes a project body in its data envelope, its list query and its answer', () => {
    expect(jsonBody('/api/projects', 'post')).toMatchObject({
      required: ['data'],
      properties: {
        data: {
          required: ['name'],
          additionalProperties: false,
          properties: { color: { default: '#808080' }, archived: { default: false } },
        },
      },
    });
    expect(parameterNames('/api/projects', 'get')).toEqual(
      expect.arrayContaining([
        'pagination[page]',
        'filters[name]',
        'filters[archived]',
        'filters[position]',
        'sort',
      ]),
    );
    const attributes = answer('/api/projects/{id}', 'get').properties.data.properties.attributes;
    expect(attributes.required).toEqual([
      'name',
      'color',
      'position',
      'archived',
      'createdAt',
      'updatedAt',
    ]);
  });

  it('describes a todo’s project: body field, filter, populate and the relation it answers', () => {
    expect(jsonBody('/api/todos', 'post').properties.data.properties.project.description).toMatch(
      /project id/,
    );
    expect(parameterNames('/api/todos', 'get')).toEqual(
      expect.arrayContaining(['filters[project][id]', 'populate']),
    );
    expect(parameterNames('/api/todos/{id}', 'get')).toContain('populate');
    expect(parameterNames('/api/todos', 'post')).toContain('onMissingProject');
    const todo = answer('/api/todos', 'get').properties.data.items.properties.attributes;
    expect(todo.required).not.toContain('project');
    expect(todo.properties.project).toMatchObject({
      required: ['data'],
      properties: { data: { type: ['object', 'null'] } },
    });
  });

  it('describes a todo’s parent and subtasks: body field, filter, query parameters and relations', () => {
    for (const method of ['post', 'put'])
      expect(
        jsonBody(method === 'post' ? '/api/todos' : '/api/todos/{id}', method).properties.data
          .properties.parent.description,
      ).toMatch(/todo id/);
    expect(parameterNames('/api/todos', 'get')).toContain('filters[parent][id]');
    expect(parameterNames('/api/todos', 'post')).toContain('onMissingParent');
    expect(parameterNames('/api/todos/{id}', 'put')).toEqual(
      expect.arrayContaining(['onMissingParent', 'subtasks']),
    );
    const todo = answer('/api/todos', 'get').properties.data.items.properties.attributes;
    expect(todo.required).not.toContain('parent');
    expect(todo.properties.parent).toMatchObject({
      required: ['data'],
      properties: { data: { type: ['object', 'null'] } },
    });
    const subtasks = todo.properties.subtasks.properties.data;
    expect(subtasks.type).toBe('array');
    // Nested once more (a root's grandchildren), as populate allows.
    expect(
      subtasks.items.properties.attributes.properties.subtasks.properties.data.items.properties
        .attributes.properties,
    ).toHaveProperty('completed');
    const meta = answer('/api/todos/{id}', 'put').properties.meta.properties;
    expect(Object.keys(meta)).toEqual(expect.arrayContaining(['parent', 'subtasks']));
    expect(answer('/api/todos/{id}/restore', 'post').properties.meta.properties).toHaveProperty(
      'subtasks',
    );
  });
});
