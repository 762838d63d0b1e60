/** Which cached data each live event makes stale (the tags todosApi and trashApi provide). */
import { PROJECT_TAGS, TODO_TAGS } from '../../../src/client/lib/api';
import { changeOf, tagsForChange } from '../../../src/client/live/liveTags';

const tagsOf = (event: string, data: string) => {
  const change = changeOf(event, data);
  return change ? tagsForChange(change) : [];
};
const change = (data: object) => tagsOf('', JSON.stringify(data));

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

  it('a project’s create, edit or delete refetches the projects (the drawer and its counts)', () => {
    for (const action of ['project.created', 'project.updated', 'project.deleted'])
      expect(change({ action, id: 3 })).toEqual([PROJECT_TAGS.list]);
  });

  it('ready and reset are no changes (a reset refetches everything: see the stream)', () => {
    expect(changeOf('reset', '{}')).toBeUndefined();
    expect(changeOf('ready', '{}')).toBeUndefined();
  });

  it('ignores what it does not understand', () => {
    expect(tagsOf('', 'not json')).toEqual([]);
    expect(change({ action: 'renamed', id: 7 })).toEqual([]);
    expect(tagsOf('something-new', '{"action":"created","id":1}')).toEqual([]);
    expect(change({ action: 'updated', ids: ['x', 2.5, 4] })).toEqual([
      TODO_TAGS.row(4),
      TODO_TAGS.list,
    ]);
  });
});
