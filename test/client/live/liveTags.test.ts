/** Which cached data each live event makes stale (the tags todosApi and trashApi provide). */
import { TODO_TAGS } from '../../../src/client/lib/api';
import { ALL_TODO_TAGS, tagsForEvent } from '../../../src/client/live/liveTags';

const change = (data: object) => tagsForEvent('', JSON.stringify(data));

describe('live event → tags', () => {
  it('a create (or a restore, or an import) refetches every list and the trash', () => {
    expect(change({ action: 'created', id: 7 })).toEqual([TODO_TAGS.list, TODO_TAGS.trash]);
    expect(change({ action: 'created', ids: [7, 8] })).toEqual([TODO_TAGS.list, TODO_TAGS.trash]);
  });

  it('an edit refetches the row and the lists; a bulk edit each of its rows', () => {
    expect(change({ action: 'updated', id: 7 })).toEqual([TODO_TAGS.row(7), TODO_TAGS.list]);
    expect(change({ action: 'updated', ids: [3, 4] })).toEqual([
      TODO_TAGS.row(3),
      TODO_TAGS.row(4),
      TODO_TAGS.list,
    ]);
  });

  it('a delete refetches the row, the lists and the trash', () => {
    expect(change({ action: 'deleted', id: 7 })).toEqual([
      TODO_TAGS.row(7),
      TODO_TAGS.list,
      TODO_TAGS.trash,
    ]);
    expect(change({ action: 'deleted', ids: [1, 2] })).toEqual([
      TODO_TAGS.row(1),
      TODO_TAGS.row(2),
      TODO_TAGS.list,
      TODO_TAGS.trash,
    ]);
  });

  it('reset refetches everything of todos and trash; ready alone nothing', () => {
    expect(tagsForEvent('reset', '{}')).toEqual(ALL_TODO_TAGS);
    expect(ALL_TODO_TAGS).toEqual(['Todo', 'Trash']);
    expect(tagsForEvent('ready', '{}')).toEqual([]);
  });

  it('ignores what it does not understand', () => {
    expect(tagsForEvent('', 'not json')).toEqual([]);
    expect(change({ action: 'renamed', id: 7 })).toEqual([]);
    expect(tagsForEvent('something-new', '{"action":"created","id":1}')).toEqual([]);
    expect(change({ action: 'updated', ids: ['x', 2.5, 4] })).toEqual([
      TODO_TAGS.row(4),
      TODO_TAGS.list,
    ]);
  });
});
