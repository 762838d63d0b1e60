/** "Showing X to Y of Z entries", Previous, up to three page buttons, Next. */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canGoTo, pageWindow, showingText } from './pagination';

interface PaginationProps {
  page: number;
  pageSize: number;
  /** Undefined while the list loads: no count is claimed before one is known. */
  total: number | undefined;
  last: number;
  /** Loading or fetching: every button is disabled. */
  busy: boolean;
  onPage(page: number): void;
}

export function Pagination({ page, pageSize, total, last, busy, onPage }: PaginationProps) {
  const go = (target: number) => {
    if (canGoTo(target, page, last, busy)) onPage(target);
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mt: 3, alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Typography variant="body2" color="text.secondary" role="status">
        {total === undefined ? '' : showingText(page, pageSize, total)}
      </Typography>
      <Stack
        component="nav"
        aria-label="Pagination"
        direction="row"
        spacing={1}
        sx={{ flexWrap: 'wrap' }}
      >
        <Button
          variant="outlined"
          size="small"
          disabled={busy || page <= 1}
          onClick={() => go(page - 1)}
        >
          Previous
        </Button>
        {pageWindow(page, last).map((number) => (
          <Button
            key={number}
            size="small"
            variant={number === page ? 'contained' : 'outlined'}
            aria-label={`Page ${number}`}
            aria-current={number === page ? 'page' : undefined}
            disabled={busy}
            onClick={() => go(number)}
            sx={{ minWidth: 40 }}
          >
            {number}
          </Button>
        ))}
        <Button
          variant="outlined"
          size="small"
          disabled={busy || page >= last}
          onClick={() => go(page + 1)}
        >
          Next
        </Button>
      </Stack>
    </Stack>
  );
}
