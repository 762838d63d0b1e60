/**
 * Search (debounced), items per page, sort field, order and status, and "Reset view"; every control
 * has a visible label. On a phone the controls take one row: the search and a "Filter and sort"
 * button that opens the four selects, with the page's extra tools (Generate Todos), in a panel below.
 */
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import {
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  sortFields,
  SORT_ORDERS,
  STATUS_FILTERS,
  type TodoView,
} from './view';
import { hasDueDates } from '../lib/features';
import { UNTOUCHED_ATTRIBUTE } from '../shortcuts';

interface ListControlsProps {
  view: TodoView;
  onChange(change: Partial<TodoView>): void;
  /** "Reset view": back to the spec's defaults (10 per page, Creation Date, Ascending, All). */
  onReset?(): void;
  debounceMs?: number;
  /** Set to the search box, for the page to focus it (the "/" shortcut). */
  searchRef?: RefObject<HTMLInputElement | null>;
  /** Focus the search box on arrival (wide screens; a phone would open its keyboard every visit). */
  autoFocus?: boolean;
  /** Phone layout: one row, the selects (and `tools`) behind the "Filter and sort" button. */
  compact?: boolean;
  /** Shown with the selects in the compact panel (kept mounted while the panel is closed). */
  tools?: ReactNode;
}

export function ListControls({
  view,
  onChange,
  onReset,
  debounceMs = SEARCH_DEBOUNCE_MS,
  searchRef,
  compact = false,
  tools,
  autoFocus = true,
}: ListControlsProps) {
  const [panelOpen, setPanelOpen] = useState(false);
  const panelId = useId();
  const [search, setSearch] = useState(view.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ownInput = useRef<HTMLInputElement>(null);
  const input = searchRef ?? ownInput;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // The last search the box sent, and whether typing since then waits for the timer.
  const sent = useRef<string | undefined>(undefined);
  const typing = useRef(false);

  // The URL changed the search (back, forward, a link): show it and drop any pending typing. Not
  // when it is the box's own last search coming back while newer typing waits: a loaded machine
  // may render that search only after the user typed on, and the typing is what they want.
  const [shownSearch, setShownSearch] = useState(view.search);
  if (shownSearch !== view.search) {
    setShownSearch(view.search);
    if (!(typing.current && view.search === sent.current)) {
      setSearch(view.search);
      clearTimeout(timer.current);
      typing.current = false;
    }
  }

  // Focused on arrival, marked untouched: its first key may be a shortcut (see shortcuts.ts).
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return; // on arrival only, not when a resize changes `autoFocus`
    arrived.current = true;
    if (!autoFocus || !input.current) return;
    input.current.setAttribute(UNTOUCHED_ATTRIBUTE, '');
    input.current.focus();
  }, [autoFocus, input]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const touch = () => input.current?.removeAttribute(UNTOUCHED_ATTRIBUTE);

  const type = (text: string) => {
    touch();
    setSearch(text);
    clearTimeout(timer.current);
    typing.current = true;
    timer.current = setTimeout(() => {
      typing.current = false;
      sent.current = text;
      onChangeRef.current({ search: text });
    }, debounceMs);
  };

  const searchField = (
    <TextField
      inputRef={input}
      type="search"
      label="Search"
      placeholder="Search todos..."
      value={search}
      onChange={(event) => type(event.target.value)}
      onBlur={touch}
      onPointerDown={touch}
      sx={{ flexGrow: 1 }}
      slotProps={{
        inputLabel: { shrink: true },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" />
            </InputAdornment>
          ),
        },
      }}
    />
  );

  const selects = (
    <Box
      sx={{
        display: 'grid',
        // Phones: two by two; wider: the four in a row (beside the search from md up).
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(4, minmax(0, 1fr))',
          md: onReset ? 'repeat(4, auto) auto' : 'repeat(4, auto)',
        },
        gap: 2,
      }}
    >
      <TextField
        select
        label="Items per page"
        value={view.pageSize}
        onChange={(event) =>
          onChange({ pageSize: Number(event.target.value) as TodoView['pageSize'] })
        }
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: { md: 130 } }}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="Sort by"
        value={view.sort}
        onChange={(event) => onChange({ sort: event.target.value as TodoView['sort'] })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: { md: 150 } }}
      >
        {sortFields(hasDueDates()).map((field) => (
          <option key={field.value} value={field.value}>
            {field.label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="Order"
        value={view.order}
        onChange={(event) => onChange({ order: event.target.value as TodoView['order'] })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: { md: 130 } }}
      >
        {SORT_ORDERS.map((order) => (
          <option key={order.value} value={order.value}>
            {order.label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="Status"
        value={view.status}
        onChange={(event) => onChange({ status: event.target.value as TodoView['status'] })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: { md: 130 } }}
      >
        {STATUS_FILTERS.map((status) => (
          <option key={status.value} value={status.value}>
            {status.label}
          </option>
        ))}
      </TextField>
      {onReset && (
        <Button
          size="small"
          onClick={onReset}
          sx={{
            gridColumn: { xs: '1 / -1', md: 'auto' },
            justifySelf: { xs: 'end', md: 'start' },
            alignSelf: 'center',
            whiteSpace: 'nowrap',
          }}
        >
          Reset view
        </Button>
      )}
    </Box>
  );

  // The search box keeps its place in the tree in both layouts, so a phone turned across the
  // breakpoint (or a resized window) keeps the field, its focus and what is being typed.
  return (
    <Box sx={{ mb: 2 }}>
      <Stack
        direction={compact ? 'row' : { xs: 'column', md: 'row' }}
        spacing={compact ? 1 : 2}
        sx={compact ? { alignItems: 'center' } : undefined}
      >
        {searchField}
        {compact ? (
          <IconButton
            aria-label="Filter and sort"
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={() => setPanelOpen((open) => !open)}
            color={panelOpen ? 'primary' : 'default'}
          >
            <TuneIcon />
          </IconButton>
        ) : (
          selects
        )}
      </Stack>
      {compact && (
        <Collapse in={panelOpen} id={panelId}>
          <Stack spacing={2} sx={{ pt: 2 }}>
            {selects}
            {tools}
          </Stack>
        </Collapse>
      )}
    </Box>
  );
}
