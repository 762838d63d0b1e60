/**
 * Search (debounced), items per page, sort field, order, status and priority, and "Reset view";
 * every control has a visible label. On a phone the controls take one row: the search and a
 * "Filter and sort" button that opens the five selects (ViewSelects.tsx), with the page's extra
 * tools (Generate Todos), in a panel below.
 */
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { SEARCH_DEBOUNCE_MS, type TodoView } from './view';
import { ViewSelects } from './ViewSelects';
import { UNTOUCHED_ATTRIBUTE } from '../shortcuts';

interface ListControlsProps {
  view: TodoView;
  /** A project's or the Inbox's list: "Your order" is among the sorts, and its default. */
  scoped?: boolean;
  onChange(change: Partial<TodoView>): void;
  /** "Reset view": back to the list's defaults (10 per page, Creation Date or on a project's list Your order, Ascending, All, All). */
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
  scoped = false,
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

  // Focused on arrival, marked untouched: its first key may be a shortcut (see shortcuts.ts). A
  // toast's button focused on the way here (deleting a project offers Undo, then opens the Inbox)
  // keeps the focus, whichever of the two a loaded machine renders first.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return; // on arrival only, not when a resize changes `autoFocus`
    arrived.current = true;
    if (!autoFocus || !input.current) return;
    if (document.activeElement?.closest('[data-toast-action]')) return;
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
      // In one row with the selects it takes the room they leave (beside the navigation drawer,
      // less than the window's width would suggest), down to what its placeholder needs.
      sx={{ flexGrow: 1, minWidth: { lg: 180 }, flexBasis: { lg: 0 } }}
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

  const selects = <ViewSelects view={view} scoped={scoped} onChange={onChange} onReset={onReset} />;

  // The search box keeps its place in the tree in both layouts, so a phone turned across the
  // breakpoint (or a resized window) keeps the field, its focus and what is being typed.
  return (
    <Box sx={{ mb: 2 }}>
      <Stack
        direction={compact ? 'row' : { xs: 'column', lg: 'row' }}
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
