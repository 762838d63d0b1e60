/** The projects feature's public face: its routes, and what the todos feature asks of projects. */
export { projectRoutes } from './routes';
export { createProject, updateProject } from './repository';
export { projectForTodo, projectsByIds, type MissingProject } from './relation';
export { toProjectRelation } from './present';
export { emptyProjectTrash, inboxOrphans, purgeProjects, trashProject } from './trash';
