// The API calls the table measures, as the bench, the profiler and the CPU split send them.
const LIST = '/api/todos?pagination[pageSize]=10&pagination[page]=1&sort=createdAt:asc';

export const CALLS = {
  list: LIST,
  search: `${LIST}&filters[title][$contains]=re`,
  deep: '/api/todos?pagination[pageSize]=10&pagination[page]=500&sort=title:desc',
  due: '/api/todos?pagination[pageSize]=10&pagination[page]=1&sort=dueDate:asc',
  me: '/api/users/me',
  populate: '/api/users/me?populate=todos',
};
