/**
 * What can be done to a project from anywhere in the frame (the drawer, the phone menu, a project's
 * page): add, edit (name and colour), archive or bring back, and delete (asked first; its todos go
 * to the trash with it, and the toast's Undo brings both back). The dialogs live here, once, above
 * the menus that open them, so closing the phone menu never takes an open dialog with it.
 */
import { createContext, useContext, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ProjectEntity } from '../../shared/api-types';
import { changeErrorMessage } from '../lib/messages';
import { hasTrash } from '../lib/features';
import { toasts } from '../lib/toasts';
import type { NameColorValues } from '../ui/NameColorDialog';
import { NamedItemDialogs, useNamedItemDialogs } from '../ui/NamedItemDialogs';
import { deleteProjectQuestion, PROJECT_MESSAGES } from './projectMessages';
import { projectPath } from './projectPaths';
import {
  useAddProjectMutation,
  useDeleteProjectMutation,
  useRestoreProjectMutation,
  useUpdateProjectMutation,
} from './projectsApi';
import { useOpenCounts } from './useProjects';

/** The page's main region (PageFrame's, focusable): where focus goes when its place is gone. */
const mainOf = () => document.getElementById('main');

/**
 * The project's row (and the button that opened its menu or dialog) has gone: focus goes to the
 * toast's Undo, or to the page when the toast has gone too.
 */
const focusUndoOf = (button: RefObject<HTMLButtonElement | null>) =>
  (button.current?.isConnected ? button.current : mainOf())?.focus();

export interface ProjectActions {
  add(): void;
  edit(project: ProjectEntity): void;
  setArchived(project: ProjectEntity, archived: boolean): void;
  remove(project: ProjectEntity): void;
}

const ActionsContext = createContext<ProjectActions | undefined>(undefined);

/** The project actions of the frame around this component. */
export function useProjectActions(): ProjectActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('useProjectActions needs a ProjectActionsProvider around it');
  return actions;
}

export function ProjectActionsProvider({ children }: { children: ReactNode }) {
  const { open, shown, show, close } = useNamedItemDialogs<ProjectEntity>();
  const [addProject, adding] = useAddProjectMutation();
  const [updateProject, updating] = useUpdateProjectMutation();
  const [deleteProject, deleting] = useDeleteProjectMutation();
  const [restoreProject] = useRestoreProjectMutation();
  // Read for the delete question only: the frame is there for signed-out visitors too.
  const counts = useOpenCounts({ skip: open !== 'delete' });
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const undoButton = useRef<HTMLButtonElement | null>(null);
  const focusUndo = useRef(false);

  const actions = useMemo<ProjectActions>(
    () => ({
      add: () => show('add'),
      edit: (project) => show('edit', project),
      remove: (project) => show('delete', project),
      setArchived: (project, archived) => {
        const { name } = project.attributes;
        updateProject({ id: project.id, changes: { archived } })
          .unwrap()
          .then(() => {
            if (!archived) return toasts.success(PROJECT_MESSAGES.unarchived(name), 'project');
            toasts.undoable(PROJECT_MESSAGES.archived(name), {
              kind: 'project',
              buttonRef: undoButton,
              onUndo: () => void updateProject({ id: project.id, changes: { archived: false } }),
              onFocusLost: () => mainOf()?.focus(),
            });
            // The menu has closed; the row it opened from leaves the list, and its focus with it.
            requestAnimationFrame(() => requestAnimationFrame(() => focusUndoOf(undoButton)));
          })
          .catch((error: unknown) => toasts.error(changeErrorMessage(error), 'project'));
      },
    }),
    [show, updateProject],
  );

  const submitAdd = async (values: NameColorValues) => {
    const { project } = await addProject(values).unwrap();
    toasts.success(PROJECT_MESSAGES.added(project.attributes.name), 'project');
    close();
    void navigate(projectPath(project.id));
  };
  const submitEdit = async (values: NameColorValues) => {
    if (!shown) return;
    await updateProject({ id: shown.id, changes: values }).unwrap();
    toasts.success(PROJECT_MESSAGES.updated, 'project');
    close();
  };
  const restore = async (project: ProjectEntity) => {
    try {
      await restoreProject(project.id).unwrap();
      toasts.success(PROJECT_MESSAGES.restored(project.attributes.name), 'project');
    } catch (error) {
      toasts.error(changeErrorMessage(error), 'project');
    }
  };
  const confirmDelete = async () => {
    if (!shown) return;
    const project = shown;
    try {
      const { todos } = await deleteProject(project.id).unwrap();
      close();
      // Its page has nothing left to show: the Inbox is where its todos would have come from.
      if (pathname === projectPath(project.id)) void navigate('/inbox', { replace: true });
      if (!hasTrash()) {
        toasts.success(PROJECT_MESSAGES.deletedToInbox(project.attributes.name), 'project');
        return;
      }
      focusUndo.current = true;
      toasts.undoable(PROJECT_MESSAGES.deleted(project.attributes.name, todos), {
        kind: 'project',
        buttonRef: undoButton,
        onUndo: () => void restore(project),
        onFocusLost: () => mainOf()?.focus(),
      });
    } catch (error) {
      toasts.error(changeErrorMessage(error), 'project');
    }
  };

  return (
    <ActionsContext.Provider value={actions}>
      {children}
      <NamedItemDialogs
        noun="project"
        open={open}
        shown={shown}
        adding={adding.isLoading}
        updating={updating.isLoading}
        deleting={deleting.isLoading}
        onAdd={submitAdd}
        onEdit={submitEdit}
        deleteQuestion={deleteProjectQuestion()}
        openTodos={shown && counts.ofProject.get(shown.id)}
        onDelete={() => void confirmDelete()}
        onClose={close}
        onDeleteExited={() => {
          if (!focusUndo.current) return;
          focusUndo.current = false;
          focusUndoOf(undoButton);
        }}
      />
    </ActionsContext.Provider>
  );
}
