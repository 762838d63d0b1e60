/**
 * A build for a Strapi backend (VITE_API_FLAVOR=strapi): no logout call (Strapi has no such route),
 * a case-insensitive title search with `$containsi`, and sort ties broken by id.
 */
import { requestLogout } from '../../src/client/session/authApi';
import { listTodosQuery } from '../../src/client/todos/todosApi';
import { DEFAULT_VIEW } from '../../src/client/todos/view';

jest.mock('../../src/client/config', () => ({ API_BASE: '/api', clientConfig: { apiFlavor: 'strapi' } }));

describe('the SPA built for Strapi', () => {
  it('makes no logout call', async () => {
    const fetchMock = jest.spyOn(globalThis, 'fetch');
    try {
      await requestLogout('jwt-1');
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      fetchMock.mockRestore();
    }
  });

  it('searches with $containsi and breaks sort ties by id in the same direction', () => {
    const query = new URLSearchParams(listTodosQuery({ ...DEFAULT_VIEW, search: 'Milk', sort: 'title', order: 'desc' }));
    expect(query.get('filters[title][$containsi]')).toBe('Milk');
    expect(query.has('filters[title][$contains]')).toBe(false);
    expect(query.get('sort')).toBe('title:desc,id:desc');
    expect(new URLSearchParams(listTodosQuery(DEFAULT_VIEW)).get('sort')).toBe('createdAt:asc,id:asc');
  });
});
