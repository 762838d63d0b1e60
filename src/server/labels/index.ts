/** The labels feature's public face: its routes, and what the todos feature asks of labels. */
export { labelRoutes } from './routes';
export {
  copyTodoLabels,
  labelMany,
  labelsOfTodos,
  linkImported,
  ownedLabels,
  writeTodoLabels,
} from './links';
export { openTodosPerLabel } from './counts';
export { toLabelsRelation } from './present';
export {
  exportedLabel,
  FileLabels,
  labelCell,
  labelIdsFor,
  labelNames,
  ownerLabels,
  type ImportedLabel,
} from './portability';
