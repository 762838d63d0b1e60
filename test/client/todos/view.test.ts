import {
  changesRemembered,
  changeView,
  DEFAULT_VIEW,
  hasViewParams,
  rememberedParams,
  viewFromParams,
  viewToParams,
} from '../../../src/client/todos/view';

describe('the view in the query string', () => {
  it('defaults to page 1, 10 per page, no search, creation date ascending, every status', () => {
    expect(viewFromParams(new URLSearchParams())).toEqual({
      page: 1,
      pageSize: 10,
      search: '',
      sort: 'createdAt',
      order: 'asc',
      status: 'all',
    });
  });

  it('reads every part', () => {
    expect(
      viewFromParams(
        new URLSearchParams('page=3&pageSize=5&search=milk&sort=title&order=desc&status=completed'),
      ),
    ).toEqual({
      page: 3,
      pageSize: 5,
      search: 'milk',
      sort: 'title',
      order: 'desc',
      status: 'completed',
    });
  });

  it.each(['all', 'pending', 'completed'] as const)('reads status=%s', (status) => {
    expect(viewFromParams(new URLSearchParams(`status=${status}`)).status).toBe(status);
  });

  it('replaces values it does not offer with the defaults', () => {
    expect(
      viewFromParams(new URLSearchParams('page=-1&pageSize=7&sort=id&order=up&status=done')),
    ).toEqual(DEFAULT_VIEW);
    expect(viewFromParams(new URLSearchParams('page=2.5&pageSize=abc')).page).toBe(1);
    expect(viewFromParams(new URLSearchParams('status=Completed')).status).toBe('all');
    expect(viewFromParams(new URLSearchParams('status=')).status).toBe('all');
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(viewToParams(DEFAULT_VIEW).toString()).toBe('');
    expect(viewToParams({ ...DEFAULT_VIEW, status: 'all' }).has('status')).toBe(false);
    expect(viewToParams({ ...DEFAULT_VIEW, status: 'pending' }).toString()).toBe('status=pending');
    const view = {
      page: 2,
      pageSize: 50,
      search: 'a&b c',
      sort: 'title',
      order: 'desc',
      status: 'completed',
    } as const;
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
    ['the status to Pending', { status: 'pending' as const }],
    ['the status to Completed', { status: 'completed' as const }],
  ])('goes back to page 1 when %s changes', (_name, change) => {
    expect(changeView(onPage3, change)).toMatchObject({ ...change, page: 1 });
  });

  it('keeps the rest when only the page changes', () => {
    const view = { ...DEFAULT_VIEW, search: 'x', sort: 'title' as const };
    expect(changeView(view, { page: 4 })).toEqual({ ...view, page: 4 });
  });

  it('goes back to page 1 when the status goes back to All', () => {
    expect(changeView({ ...onPage3, status: 'completed' }, { status: 'all' })).toEqual(
      DEFAULT_VIEW,
    );
  });

  it('keeps the page when a value is set to what it already was', () => {
    expect(changeView(onPage3, { pageSize: 10 })).toEqual(onPage3);
    expect(changeView(onPage3, { status: 'all' })).toEqual(onPage3);
  });
});

describe('the due date sort (issue 28)', () => {
  it('is read from and written to the URL', () => {
    const view = viewFromParams(new URLSearchParams('sort=dueDate&order=desc'));
    expect(view).toMatchObject({ sort: 'dueDate', order: 'desc' });
    expect(viewToParams(view).toString()).toBe('sort=dueDate&order=desc');
  });
});

describe('the remembered part of the view', () => {
  it('keeps page size, sort, order and status, not the page or the search', () => {
    const view = {
      page: 3,
      pageSize: 20,
      search: 'milk',
      sort: 'title',
      order: 'desc',
      status: 'pending',
    } as const;
    expect(rememberedParams(view)).toBe('pageSize=20&sort=title&order=desc&status=pending');
    expect(rememberedParams({ ...DEFAULT_VIEW, page: 4, search: 'milk' })).toBe('');
  });

  it('is changed by a choice of page size, sort, order or status only', () => {
    expect(changesRemembered({ order: 'desc' })).toBe(true);
    expect(changesRemembered({ status: 'all' })).toBe(true);
    expect(changesRemembered({ page: 2 })).toBe(false);
    expect(changesRemembered({ search: 'milk' })).toBe(false);
  });

  it('a query string names a view when it has any of its keys', () => {
    expect(hasViewParams(new URLSearchParams(''))).toBe(false);
    expect(hasViewParams(new URLSearchParams('other=1'))).toBe(false);
    expect(hasViewParams(new URLSearchParams('page=2'))).toBe(true);
    expect(hasViewParams(new URLSearchParams('search='))).toBe(true);
  });
});
