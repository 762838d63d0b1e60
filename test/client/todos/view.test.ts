import { changeView, DEFAULT_VIEW, viewFromParams, viewToParams } from '../../../src/client/todos/view';

describe('the view in the query string', () => {
  it('defaults to page 1, 10 per page, no search, creation date ascending', () => {
    expect(viewFromParams(new URLSearchParams())).toEqual({ page: 1, pageSize: 10, search: '', sort: 'createdAt', order: 'asc' });
  });

  it('reads every part', () => {
    expect(viewFromParams(new URLSearchParams('page=3&pageSize=5&search=milk&sort=title&order=desc'))).toEqual({
      page: 3,
      pageSize: 5,
      search: 'milk',
      sort: 'title',
      order: 'desc',
    });
  });

  it('replaces values it does not offer with the defaults', () => {
    expect(viewFromParams(new URLSearchParams('page=-1&pageSize=7&sort=id&order=up'))).toEqual(DEFAULT_VIEW);
    expect(viewFromParams(new URLSearchParams('page=2.5&pageSize=abc')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(viewToParams(DEFAULT_VIEW).toString()).toBe('');
    const view = { page: 2, pageSize: 50, search: 'a&b c', sort: 'title', order: 'desc' } as const;
    expect(viewFromParams(new URLSearchParams(viewToParams(view).toString()))).toEqual(view);
  });
});

describe('changing the view', () => {
  const onPage3 = { ...DEFAULT_VIEW, page: 3 };

  it.each([
    ['the search', { search: 'x' }],
    ['the page size', { pageSize: 20 as const }],
    ['the sort field', { sort: 'title' as const }],
    ['the order', { order: 'desc' as const }],
  ])('goes back to page 1 when %s changes', (_name, change) => {
    expect(changeView(onPage3, change)).toMatchObject({ ...change, page: 1 });
  });

  it('keeps the rest when only the page changes', () => {
    const view = { ...DEFAULT_VIEW, search: 'x', sort: 'title' as const };
    expect(changeView(view, { page: 4 })).toEqual({ ...view, page: 4 });
  });

  it('keeps the page when a value is set to what it already was', () => {
    expect(changeView(onPage3, { pageSize: 10 })).toEqual(onPage3);
  });
});
