import type { TodoEntity } from '../../../src/shared/api-types';
import { dueByTodayQuery, dueSoonQuery, groupByDay } from '../../../src/client/today/todayGroups';

// Wednesday, 25 November 2026.
const today = '2026-11-25';
let nextId = 1;
const todo = (title: string, dueDate: string): TodoEntity => ({
  id: nextId++,
  attributes: { title, description: null, completed: false, createdAt: '', updatedAt: '', dueDate },
});
const titles = (groups: ReturnType<typeof groupByDay>) =>
  groups.map((group) => [group.heading, group.todos.map((t) => t.attributes.title)]);

describe('the Today page', () => {
  it('asks for open todos due by today, and for those of the 7 days after, both by due date', () => {
    const byToday = new URLSearchParams(dueByTodayQuery(today).split('?')[1]);
    expect(Object.fromEntries(byToday)).toEqual({
      'filters[dueDate][$lte]': '2026-11-25',
      'filters[completed][$eq]': 'false',
      'pagination[pageSize]': '100',
      sort: 'dueDate:asc',
      'populate[0]': 'project',
      'populate[1]': 'labels',
    });
    const soon = new URLSearchParams(dueSoonQuery(today).split('?')[1]);
    expect(soon.get('filters[dueDate][$gt]')).toBe('2026-11-25');
    expect(soon.get('filters[dueDate][$lte]')).toBe('2026-12-02');
    expect(soon.get('filters[completed][$eq]')).toBe('false');
  });

  it('shows Overdue, then Today, then each later day that has todos, under its name', () => {
    const groups = groupByDay(
      [todo('Late', '2026-11-20'), todo('Later late', '2026-11-24'), todo('Now', today)],
      [
        todo('Tmrw', '2026-11-26'),
        todo('Fri 1', '2026-11-27'),
        todo('Fri 2', '2026-11-27'),
        todo('Next Wed', '2026-12-02'),
      ],
      today,
      'en-US',
    );
    expect(titles(groups)).toEqual([
      ['Overdue', ['Late', 'Later late']],
      ['Today', ['Now']],
      ['Tomorrow', ['Tmrw']],
      ['Friday', ['Fri 1', 'Fri 2']],
      ['Dec 2', ['Next Wed']],
    ]);
    expect(groups.map((group) => group.date)).toEqual([
      undefined,
      'Wednesday, November 25',
      'Thursday, November 26',
      'Friday, November 27',
      'Wednesday, December 2',
    ]);
  });

  it('always has a Today group, and no Overdue group when nothing is late', () => {
    expect(titles(groupByDay([], [todo('Sat', '2026-11-28')], today, 'en-US'))).toEqual([
      ['Today', []],
      ['Saturday', ['Sat']],
    ]);
  });

  it('groups across a month end and a year end', () => {
    const groups = groupByDay([], [todo('New year', '2027-01-01')], '2026-12-30', 'en-US');
    expect(titles(groups)).toEqual([
      ['Today', []],
      ['Friday', ['New year']],
    ]);
  });
});
