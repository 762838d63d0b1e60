import {
  changesRemembered,
  changeView,
  DEFAULT_VIEW,
  defaultViewFor,
  hasViewParams,
  PRIORITY_FILTERS,
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
      priority: 'all',
      label: null,
    });
  });

  it('reads every part', () => {
    expect(
      viewFromParams(
        new URLSearchParams(
          'page=3&pageSize=5&search=milk&sort=title&order=desc&status=completed&priority=3&label=12',
        ),
      ),
    ).toEqual({
      page: 3,
      pageSize: 5,
      search: 'milk',
      sort: 'title',
      order: 'desc',
      status: 'completed',
      priority: 3,
      label: 12,
    });
  });

  it.each(['0', '-1', 'x', '1.5', ''])('reads label=%s as every todo', (label) => {
    expect(viewFromParams(new URLSearchParams(`label=${label}`)).label).toBeNull();
  });

  it('goes back to page 1 when the label filter changes, and keeps it through a page step', () => {
    const filtered = changeView({ ...DEFAULT_VIEW, page: 3 }, { label: 5 });
    expect(filtered).toMatchObject({ page: 1, label: 5 });
    expect(changeView(filtered, { page: 2 })).toMatchObject({ page: 2, label: 5 });
    expect(changeView(filtered, { sort: 'title' })).toMatchObject({ page: 1, label: 5 });
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
      priority: 0,
      label: 7,
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
    ['the priority filter', { priority: 3 as const }],
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

describe('the priority sort and filter (issue 41)', () => {
  it('reads ?priority=0..3 as one priority, anything else as every priority', () => {
    for (const priority of [0, 1, 2, 3] as const)
      expect(viewFromParams(new URLSearchParams(`priority=${priority}`)).priority).toBe(priority);
    for (const text of ['', 'all', 'high', '4', '-1', '1.5', '03', ' 3'])
      expect(viewFromParams(new URLSearchParams({ priority: text })).priority).toBe('all');
  });

  it('writes the priority filter and the priority sort to the URL, and reads them back', () => {
    const view = viewFromParams(new URLSearchParams('sort=priority&order=desc&priority=0'));
    expect(view).toMatchObject({ sort: 'priority', order: 'desc', priority: 0 });
    expect(viewToParams(view).toString()).toBe('sort=priority&order=desc&priority=0');
    expect(viewToParams({ ...view, priority: 'all' }).has('priority')).toBe(false);
    expect(hasViewParams(new URLSearchParams('priority=3'))).toBe(true);
  });

  it('offers All, then High to None', () => {
    expect(PRIORITY_FILTERS.map((choice) => [choice.value, choice.label])).toEqual([
      ['all', 'All'],
      [3, 'High'],
      [2, 'Medium'],
      [1, 'Low'],
      [0, 'None'],
    ]);
  });
});

describe('"Your order" (issue 41)', () => {
  it('is the default of a project’s or the Inbox’s list, and not offered on /todos', () => {
    const none = new URLSearchParams();
    expect(viewFromParams(none, true)).toEqual({ ...DEFAULT_VIEW, sort: 'position' });
    expect(viewFromParams(none)).toEqual(DEFAULT_VIEW);
    expect(viewFromParams(new URLSearchParams('sort=position')).sort).toBe('createdAt');
    expect(viewToParams(defaultViewFor(true), true).toString()).toBe('');
    expect(viewToParams({ ...defaultViewFor(true), sort: 'createdAt' }, true).toString()).toBe(
      'sort=createdAt',
    );
    expect(rememberedParams({ ...DEFAULT_VIEW, sort: 'position' }, true)).toBe('');
  });
});

describe('the remembered part of the view', () => {
  it('keeps page size, sort, order and the filters, not the page, the search or the label', () => {
    const view = {
      page: 3,
      pageSize: 20,
      search: 'milk',
      sort: 'title',
      order: 'desc',
      status: 'pending',
      priority: 2,
      label: 4,
    } as const;
    expect(rememberedParams(view)).toBe(
      'pageSize=20&sort=title&order=desc&status=pending&priority=2',
    );
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
    // A label link (the drawer's) opens in the remembered view, filtered by the label.
    expect(hasViewParams(new URLSearchParams('label=3'))).toBe(false);
    expect(hasViewParams(new URLSearchParams('label=3&sort=title'))).toBe(true);
  });
});
