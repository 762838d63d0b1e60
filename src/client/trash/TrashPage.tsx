/**
 * The /trash screen: the signed-in user's deleted todos, most recently deleted first, ten a page
 * (the page lives in the URL), drawn as the list's rows, each with Restore and a box that picks it
 * for "Restore selected" ("Select all N" picks the page); "Restore all" brings back the whole trash,
 * "Empty trash" deletes it for good after a confirmation. Restoring and emptying invalidate the
 * trash and list tags, so both stay in step.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSessionUser } from '../session';
import {
  changeErrorMessage,
  listErrorDetails,
  TRASH_EMPTIED_MESSAGE,
  TRASH_EMPTY_TEXT,
} from '../lib/messages';
import {
  BULK_MESSAGES,
  Pagination,
  clampPage,
  lastPage,
  TodoRowSkeletons,
  TRASH_PAGE_SIZE,
  useBulkActions,
  useEmptyTrashMutation,
  useGetTrashQuery,
  useRestore,
  useRestoreAllTrashMutation,
  useSelection,
} from '../todos';
import { toasts } from '../lib/toasts';
import { ErrorPage } from '../ui/ErrorPage';
import { EmptyTrashDialog } from './EmptyTrashDialog';
import { TrashRow } from './TrashRow';
import { TrashSelectionBar } from './TrashSelectionBar';

const pageFrom = (params: URLSearchParams) =>
  clampPage(Number(params.get('page') ?? 1), Number.MAX_SAFE_INTEGER);

export default function TrashPage() {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const { data, currentData, error, isLoading, isFetching } = useGetTrashQuery(page, {
    refetchOnMountOrArgChange: true,
  });
  const [emptyTrash, { isLoading: emptying }] = useEmptyTrashMutation();
  const [confirming, setConfirming] = useState(false);
  const restore = useRestore(user?.id);
  const [restoreAll, { isLoading: restoringAll }] = useRestoreAllTrashMutation();
  const pageIds = useMemo(() => data?.todos.map((todo) => todo.id) ?? [], [data]);
  const selection = useSelection(String(page), pageIds);
  // A restore has no Undo: the bulk hook's Undo button and focus fallback are never used here.
  const bulk = useBulkActions({ undoButton: useRef(null), onFocusLost: () => {} });

  const last = data ? lastPage(data.total, TRASH_PAGE_SIZE) : 1;
  const goTo = (target: number, replace = false) =>
    setParams(target === 1 ? {} : { page: String(target) }, { replace });

  // A restore can empty the last page: step back to the new last one.
  useEffect(() => {
    if (data && !isFetching && page > last)
      setParams(last === 1 ? {} : { page: String(last) }, { replace: true });
  }, [data, isFetching, page, last, setParams]);

  if (error && !currentData) {
    const { status, message } = listErrorDetails(error);
    return <ErrorPage status={status} title={message} />;
  }

  const empty = async () => {
    try {
      await emptyTrash().unwrap();
      toasts.success(TRASH_EMPTIED_MESSAGE, 'trash');
      setConfirming(false);
      goTo(1, true);
    } catch (failure) {
      toasts.error(changeErrorMessage(failure), 'trash');
    }
  };

  const restoreSelected = async () => {
    if (await bulk.run('restore', selection.ids)) selection.clear();
  };
  const restoreEverything = async () => {
    try {
      toasts.success(BULK_MESSAGES.restore(await restoreAll().unwrap()), 'bulk');
      goTo(1, true);
    } catch (failure) {
      toasts.error(changeErrorMessage(failure), 'bulk');
    }
  };

  return (
    <Box sx={{ pb: 4 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: 'center' }}
      >
        <Typography component="h1" variant="h4">
          Trash
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            disabled={!data || data.total === 0 || restoringAll}
            onClick={() => void restoreEverything()}
          >
            Restore all
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={!data || data.total === 0}
            onClick={() => setConfirming(true)}
          >
            Empty trash
          </Button>
        </Stack>
      </Stack>

      {isLoading || !data ? (
        <TodoRowSkeletons />
      ) : data.total === 0 ? (
        <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
          {TRASH_EMPTY_TEXT}
        </Typography>
      ) : (
        <>
          <TrashSelectionBar
            selected={selection.ids.length}
            onPage={pageIds.length}
            busy={bulk.busy}
            onSelectAll={selection.setAll}
            onRestore={() => void restoreSelected()}
          />
          <Paper
            component="ul"
            variant="outlined"
            aria-label="Deleted todos"
            aria-busy={isFetching || undefined}
            sx={{ p: 0, m: 0 }}
          >
            {data.todos.map((todo) => (
              <TrashRow
                key={todo.id}
                todo={todo}
                selected={selection.has(todo.id)}
                onSelect={(target, selected) => selection.toggle(target.id, selected)}
                onRestore={restore}
              />
            ))}
          </Paper>
        </>
      )}

      {data && data.total > TRASH_PAGE_SIZE && (
        <Pagination
          page={clampPage(page, last)}
          pageSize={TRASH_PAGE_SIZE}
          total={data.total}
          last={last}
          busy={isFetching}
          onPage={goTo}
        />
      )}

      <EmptyTrashDialog
        open={confirming}
        count={data?.total ?? 0}
        busy={emptying}
        onClose={() => setConfirming(false)}
        onConfirm={() => void empty()}
      />
    </Box>
  );
}
