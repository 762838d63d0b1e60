// The projects feature's public face: what other features and app/ may use of it.
export {
  projectsApi,
  useGetProjectsQuery,
  type NewProject,
  type ProjectChanges,
  type TodoCounts,
} from './projectsApi';
export { projectNamed, useOpenCounts, useProjects } from './useProjects';
export { INBOX_NAME } from './inbox';
export { ProjectActionsProvider, useProjectActions } from './ProjectActions';
export { ProjectsNav } from './ProjectsNav';
export { projectPath } from './projectPaths';
