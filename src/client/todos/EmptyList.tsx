/** What the list says when it has no row to show, and the way out when a search hides everything. */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TodoView } from './view';

export const EMPTY_TEXT = 'No todos available. Add your first todo!';
/** An empty list under a status, priority or label filter: the user may well have todos. */
export const NO_MATCH_TEXT = 'No todos match this view.';
/** A search that matches nothing: inviting a first todo there would mislead. */
export const NO_SEARCH_MATCH_TEXT = 'No todos match your search';

/** The spec's empty text, unless a search or a filter hides everything. */
export const emptyListText = (view: TodoView): string =>
  view.search.trim()
    ? NO_SEARCH_MATCH_TEXT
    : view.status === 'all' && view.priority === 'all' && view.label === null
      ? EMPTY_TEXT
      : NO_MATCH_TEXT;

export function EmptyList({ view, onClearSearch }: { view: TodoView; onClearSearch(): void }) {
  return (
    <Stack spacing={1} sx={{ py: 4, alignItems: 'center' }}>
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        {emptyListText(view)}
      </Typography>
      {view.search.trim() && (
        <Button variant="outlined" onClick={onClearSearch}>
          Clear search
        </Button>
      )}
    </Stack>
  );
}
