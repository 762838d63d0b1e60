/**
 * The todo list screen of /todos, /inbox and /projects/:id: the view (page, page size, search,
 * sort, order, status, priority, label) lives in the URL; the list comes from RTK Query; the
 * dialogs change it. A scoped screen (the Inbox, a project) lists that scope's todos and adds new
 * ones there. "n" opens the add dialog and "/" goes to the search box. The login guard is the
 * router's. Selection mode and its bulk actions: useListBulk.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { usePreference } from '../lib/preferences';
import { useOnline } from '../offline';
import { useSessionUser } from '../session';
import { useShortcuts } from '../shortcuts';
import { ErrorPage } from '../ui/ErrorPage';
import { AddTodoButton } from './AddTodoButton';
import { GenerateTodos, useGenerateTodos } from './GenerateTodos';
import { TodosHeading } from './TodosHeading';
import { ListControls } from './ListControls';
import { ActiveFilters } from './ActiveFilters';
import { listErrorDetails } from '../lib/messages';
import { Pagination } from './Pagination';
import { clampPage, lastPage } from './pagination';
import { ListDialogs, type DialogState } from './ListDialogs';
import { TodoRowSkeletons } from './TodoRowSkeletons';
import { useGetTodosQuery } from './todosApi';
import { useWithQueuedWrites } from './queuedOverlay';
import { ListToolbar } from './ListToolbar';
import { TodoListRows } from './TodoListRows';
import { EmptyList } from './EmptyList';
import { useListRefreshToasts } from './useListRefreshToasts';
import { useListBulk } from './useListBulk';
import { useListView } from './useListView';
import { viewToParams } from './view';
import { isTreeView } from './subtasks/subtaskQuery';
import { rowIds } from './subtasks/subtaskTree';

const NO_TODOS: never[] = [];

export const OFFLINE_MISS_TEXT =
  'This list is not saved on this device yet: it shows when you are back online.';

export interface TodoListScreenProps {
  /** The screen's todos: every todo (left out), the Inbox (null) or one project's (its id). */
  project?: number | null;
  /** The page's h1 ("Todos" on /todos). */
  title?: ReactNode;
}

export function TodoListScreen({ project, title }: TodoListScreenProps) {
  const user = useSessionUser();
  const scoped = project !== undefined;
  const { view, setView, resetView } = useListView(user?.id, scoped);
  const [hideCompleted, setHideCompleted] = usePreference(user?.id, 'hideCompleted');
  // What is asked of the server: "Hide completed" narrows "All" to the pending todos; a Status
  // filter chosen on purpose (Pending, Completed) is taken as it is.
  // /todos asks with no scope at all, so its cache entries stay what they were.
  const query = useMemo(() => {
    const shown =
      hideCompleted && view.status === 'all' ? { ...view, status: 'pending' as const } : view;
    return project === undefined ? shown : { ...shown, project };
  }, [hideCompleted, view, project]);
  // Every mount refetches (the cached page is shown meanwhile): coming back from another page must
  // not show a list that misses a change made in another tab or device, even within 30 s.
  const { data, currentData, error, isLoading, isFetching, fulfilledTimeStamp, refetch } =
    useGetTodosQuery(query, {
      refetchOnMountOrArgChange: true,
    });
  const online = useOnline();
  // What is shown: the list with the writes still waiting in the offline queue applied.
  const { page: shown, sync } = useWithQueuedWrites(data, query);
  const [dialog, setDialog] = useState<DialogState>({ kind: 'add', open: false });
  const searchBox = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const openAdd = () => {
    // The dialog gives the focus back to what had it when it opened: a shortcut pressed on the
    // page's body has no such control, so the "+" button stands in for it.
    if (!document.activeElement || document.activeElement === document.body)
      addButton.current?.focus();
    setDialog({ kind: 'add', open: true });
  };
  const focusSearch = () => searchBox.current?.focus();
  const quickAddInput = useRef<HTMLInputElement>(null);
  // A tree's subtasks are rows too, selectable (a bulk action names exactly the todos chosen).
  const tree = isTreeView(query);
  const pageIds = useMemo(() => (data ? rowIds(data.todos, tree) : []), [data, tree]);
  const { selection, selecting, setSelecting, stopSelecting, ...bulk } = useListBulk({
    key: `${project}?${viewToParams(query).toString()}`,
    todos: data?.todos ?? NO_TODOS,
    pageIds,
    searchBox,
  });
  useShortcuts(
    error
      ? {}
      : {
          add: openAdd,
          quickAdd: () => quickAddInput.current?.focus(),
          search: focusSearch,
          clearSelection: stopSelecting,
        },
  );
  // A phone gets one row of controls; Generate Todos (a development aid) moves into its menu.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  // No search focus on arrival on a touch screen: it would open the keyboard on every visit.
  const touch = useMediaQuery('(pointer: coarse)', { noSsr: true });
  // Undo of a run is one bulk delete of the todos it created (not offered where there is no bulk call).
  const generateRun = useGenerateTodos(user?.id, {
    undo: bulk.enabled ? (ids) => void bulk.bulk.run('delete', ids) : undefined,
    onFocusLost: focusSearch,
  });

  const last = data ? lastPage(data.total, data.pageSize) : 1;
  // "Your order", ascending, as a tree (no search or filter): the top-level rows can be moved.
  // Not while a todo added offline waits for its id.
  const reorderable =
    scoped &&
    tree &&
    view.sort === 'position' &&
    view.order === 'asc' &&
    !!shown &&
    shown.todos.every((todo) => todo.id > 0);

  // Keep the page within 1..last, also when a delete empties the last page.
  useEffect(() => {
    if (!data || isFetching) return;
    const page = clampPage(view.page, last);
    if (page !== view.page) setView({ page }, true);
  }, [data, isFetching, last, view.page, setView]);

  // Only a 401 ends the session (the api's base query sees it); any other failure leaves it be.
  // A failed refresh of the page on screen keeps its rows (and says so in a toast with Retry).
  useListRefreshToasts(error, currentData !== undefined, fulfilledTimeStamp, refetch);

  // Offline, a read that fails is no error page: the last list this page showed stays (the service
  // worker answers the views it has kept), else a line says this view is not on the device.
  const offlineMiss = !online && error !== undefined && !currentData;
  if (error && !currentData && !offlineMiss) {
    const { status, message } = listErrorDetails(error);
    return <ErrorPage status={status} title={message} />;
  }

  const close = () => setDialog((current) => ({ ...current, open: false }));
  const busy = isLoading || isFetching;

  return (
    <Box>
      <TodosHeading
        title={title}
        userId={user?.id}
        project={project}
        quickAddRef={quickAddInput}
        generate={phone ? undefined : <GenerateTodos run={generateRun} />}
      />

      <ListControls
        view={view}
        onChange={(change) => setView(change)}
        onReset={resetView}
        scoped={scoped}
        searchRef={searchBox}
        autoFocus={!phone && !touch}
        compact={phone}
        tools={phone ? <GenerateTodos run={generateRun} /> : undefined}
      />
      <ActiveFilters view={view} onChange={(change) => setView(change)} />

      {offlineMiss && !data ? (
        <Typography sx={{ py: 4, textAlign: 'center' }}>{OFFLINE_MISS_TEXT}</Typography>
      ) : isLoading || !data || !shown ? (
        <TodoRowSkeletons />
      ) : shown.total === 0 ? (
        <EmptyList view={view} onClearSearch={() => setView({ search: '' })} />
      ) : (
        <>
          <ListToolbar
            canSelect={bulk.enabled}
            selecting={selecting}
            onSelecting={(on) => (on ? setSelecting(true) : stopSelecting())}
            hideCompleted={hideCompleted}
            onHideCompleted={setHideCompleted}
            bulk={bulk.bar}
          />
          <TodoListRows
            page={shown}
            query={query}
            tree={tree}
            reorderable={reorderable}
            busy={isFetching}
            sync={sync}
            selected={(id) => selection.has(id)}
            selecting={selecting}
            onSelect={
              bulk.enabled
                ? (target, selected) => {
                    setSelecting(true);
                    selection.toggle(target.id, selected);
                  }
                : undefined
            }
            onDialog={setDialog}
          />
        </>
      )}

      <Pagination
        page={clampPage(view.page, last)}
        pageSize={data?.pageSize ?? view.pageSize}
        total={shown?.total}
        last={last}
        busy={busy}
        onPage={(page) => setView({ page })}
      />

      <AddTodoButton ref={addButton} onClick={openAdd} />

      <ListDialogs
        dialog={dialog}
        userId={user?.id}
        project={project}
        onClose={close}
        onFocusLost={focusSearch}
      />
      {bulk.bulkDelete.dialog}
    </Box>
  );
}
