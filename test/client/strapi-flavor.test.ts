/**
 * A build for a Strapi backend (VITE_API_FLAVOR=strapi): no logout call (Strapi has no such route),
 * a case-insensitive title search with `$containsi`, sort ties broken by id, and labels as on
 * Ticklist's server.
 */
import { requestLogout } from '../../src/client/session/authApi';
import { listTodosQuery } from '../../src/client/todos/listQuery';
import { DEFAULT_VIEW, viewFromParams } from '../../src/client/todos/view';
import { startMockApi, type MockApi } from './support/mockApi';

jest.mock('../../src/client/config', () => ({
  API_BASE: 'http://strapi.test/api',
  clientConfig: { apiFlavor: 'strapi' },
}));

let mock: MockApi;
beforeEach(
  () => (mock = startMockApi({ base: 'http://strapi.test/api', tokens: ['jwt-test', 'jwt-1'] })),
);

describe('the SPA built for Strapi', () => {
  it('makes no logout call', async () => {
    await requestLogout('jwt-1');
    expect(mock.requests).toEqual([]);
  });

  it('searches with $containsi and breaks sort ties by id in the same direction', () => {
    const query = new URLSearchParams(
      listTodosQuery({ ...DEFAULT_VIEW, search: 'Milk', sort: 'title', order: 'desc' }),
    );
    expect(query.get('filters[title][$containsi]')).toBe('Milk');
    expect(query.has('filters[title][$contains]')).toBe(false);
    expect(query.get('sort')).toBe('title:desc,id:desc');
    expect(new URLSearchParams(listTodosQuery(DEFAULT_VIEW)).get('sort')).toBe(
      'createdAt:asc,id:asc',
    );
  });
});

describe('due dates on Strapi (it has none)', () => {
  it('offers no sort by due date, and a link asking for one sorts by creation date', async () => {
    const { hasDueDates } = await import('../../src/client/lib/features');
    expect(hasDueDates()).toBe(false);
    expect(viewFromParams(new URLSearchParams('sort=dueDate')).sort).toBe('createdAt');
  });
});

describe('app passwords on Strapi (it has no CalDAV server)', () => {
  it('hides the profile’s App passwords section', async () => {
    const { hasAppPasswords } = await import('../../src/client/lib/features');
    expect(hasAppPasswords()).toBe(false);
  });
});

describe("priority on Strapi (the recipe's todo type has it, issue 41)", () => {
  it('sorts by priority with the id tie-break, and filters with filters[priority][$eq]', () => {
    const view = viewFromParams(new URLSearchParams('sort=priority&order=desc&priority=3'));
    expect(view).toMatchObject({ sort: 'priority', order: 'desc', priority: 3 });
    const query = new URLSearchParams(listTodosQuery(view));
    expect(query.get('sort')).toBe('priority:desc,id:desc');
    expect(query.get('filters[priority][$eq]')).toBe('3');
  });
});

describe('labels on Strapi (compat/strapi has the label type and the todo’s labels relation)', () => {
  it('asks for each todo’s labels (the chips, the dialog’s picker) and filters by one', () => {
    const query = new URLSearchParams(listTodosQuery({ ...DEFAULT_VIEW, label: 4 }));
    expect(query.get('populate[labels]')).toBe('true');
    expect(query.has('populate[project]')).toBe(false);
    expect(query.get('filters[labels][id][$eq]')).toBe('4');
  });
});

describe('Undo of a delete on Strapi (no trash there)', () => {
  it('creates the todo again with its title, description (null when missing), completion and owner', async () => {
    const { makeStore } = await import('./todos/support/render');
    const { todosApi } = await import('../../src/client/todos/todosApi');
    const todo = {
      id: 3,
      attributes: {
        title: 'Plain',
        description: null,
        completed: true,
        createdAt: '',
        updatedAt: '',
      },
    };
    await makeStore()
      .dispatch(todosApi.endpoints.restoreTodo.initiate({ todo, user: 7 }))
      .unwrap();
    expect(mock.requests.map(({ method, url, body }) => ({ method, url: url.href, body }))).toEqual(
      [
        {
          method: 'POST',
          url: expect.stringMatching(/\/api\/todos\/$/),
          body: { data: { title: 'Plain', description: null, completed: true, user: 7 } },
        },
      ],
    );
    expect(mock.todos.map((created) => created.attributes.title)).toEqual(['Plain']);
  });

  it('creates it again with its priority, when it has one', async () => {
    const { makeStore } = await import('./todos/support/render');
    const { todosApi } = await import('../../src/client/todos/todosApi');
    const attributes = {
      title: 'Urgent',
      description: null,
      completed: false,
      createdAt: '',
      updatedAt: '',
    };
    await makeStore()
      .dispatch(
        todosApi.endpoints.restoreTodo.initiate({
          todo: { id: 4, attributes: { ...attributes, priority: 3 } },
          user: 7,
        }),
      )
      .unwrap();
    expect(mock.requests.at(-1)?.body).toEqual({
      data: { title: 'Urgent', description: null, completed: false, priority: 3, user: 7 },
    });
    expect(mock.todos.map((created) => created.attributes.priority)).toEqual([3]);
  });

  it('hides the trash and the bulk selection', async () => {
    const { hasTrash } = await import('../../src/client/lib/features');
    expect(hasTrash()).toBe(false);
  });
});

describe('live events on Strapi (no event stream there)', () => {
  it('opens no stream while signed in', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { useLiveEvents } = await import('../../src/client/live/useLiveEvents');
    const { makeStore } = await import('./todos/support/render');
    const { aSession } = await import('./session/fixtures');
    const extra = { getToken: () => 'jwt-1', onUnauthorized: () => undefined };
    const handle = { send: jest.fn() };
    const { dispatch } = makeStore();
    const session = aSession();
    const { unmount } = renderHook(() => useLiveEvents(dispatch, session, extra, handle));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mock.requests).toEqual([]);
    unmount();
  });
});
