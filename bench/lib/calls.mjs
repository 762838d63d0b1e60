// The API calls the table measures, as the bench, the profiler and the CPU split send them.
const LIST = '/api/todos?pagination[pageSize]=10&pagination[page]=1&sort=createdAt:asc';

export const CALLS = {
  list: LIST,
  search: `${LIST}&filters[title][$contains]=re`,
  deep: '/api/todos?pagination[pageSize]=10&pagination[page]=500&sort=title:desc',
  due: '/api/todos?pagination[pageSize]=10&pagination[page]=1&sort=dueDate:asc',
  me: '/api/users/me',
  populate: '/api/users/me?populate=todos',
  // Project 7 of the bench user's 50 holds about 1/51 of the 10,000 todos (seed.mjs).
  project: `${LIST}&filters[project][id][$eq]=7`,
  counts: '/api/todos/counts',
  // The SPA's list of roots with each one's subtasks (title and completed, for "2/5"): 8,000 of the
  // 10,000 seeded todos are roots, every tenth with two subtasks (seed.mjs).
  roots: `${LIST}&filters[parent][id][$null]=true&populate[subtasks][fields][0]=title&populate[subtasks][fields][1]=completed`,
  // Label 7 of the bench user's 20 is on about 1/21 of the 10,000 todos (seed.mjs).
  label: `${LIST}&filters[labels][id][$eq]=7`,
};
