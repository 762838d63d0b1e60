/**
 * The "Generate Todos" button: 100 sample todos one after another, with a progress bar and a
 * Cancel button, then a toast saying how many were created, with Undo (which deletes exactly
 * those). Faker is loaded on the first click only (its own chunk).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../lib/api';
import { holdLiveRefetches } from '../live';
import { toasts } from '../lib/toasts';
import { GENERATE_COUNT, generatedMessage, generateTodos, sampleTodoMaker } from './generateTodos';
import { refreshTodoLists, todosApi } from './todosApi';

const loadFaker = async () => (await import('@faker-js/faker/locale/en')).faker;

interface GenerateRun {
  start(): Promise<void>;
  cancel(): void;
  /** For useSyncExternalStore: todos created so far while a run is on, else null. */
  subscribe(onChange: () => void): () => void;
  progress(): number | null;
}

interface GenerateOptions {
  /** Takes back the todos a run created (a bulk delete); without it the toast has no Undo. */
  undo?(ids: number[]): void;
  /** Where focus goes when the toast leaves with its Undo button focused. */
  onFocusLost?(): void;
}

/** Says how many todos a run created, with Undo when there is something to take back. */
function reportRun(
  ids: number[],
  { undo, onFocusLost }: GenerateOptions,
  buttonRef: RefObject<HTMLButtonElement | null>,
) {
  const message = generatedMessage(ids.length);
  if (!undo || ids.length === 0) toasts.success(message, 'bulk');
  else toasts.undoable(message, { kind: 'bulk', onUndo: () => undo(ids), buttonRef, onFocusLost });
}

/**
 * The run, held by the page rather than the button: on a phone the button moves into the filter
 * and sort panel, and a resize that moves it must not cancel a run. Its progress is read by the
 * button alone, so a hundred progress steps redraw the bar, not the whole page.
 */
export function useGenerateTodos(
  userId: number | undefined,
  options: GenerateOptions = {},
): GenerateRun {
  const dispatch = useDispatch<AppDispatch>();
  const undoButton = useRef<HTMLButtonElement | null>(null);
  const state = useRef({
    userId,
    options,
    progress: null as number | null,
    listeners: new Set<() => void>(),
    controller: null as AbortController | null,
    frame: 0,
  });
  const [run] = useState<GenerateRun>(() => {
    const current = state.current;
    const setProgress = (progress: number | null) => {
      current.progress = progress;
      current.listeners.forEach((listener) => listener());
    };
    return {
      subscribe(onChange) {
        current.listeners.add(onChange);
        return () => current.listeners.delete(onChange);
      },
      progress: () => current.progress,
      cancel: () => current.controller?.abort(),
      async start() {
        if (current.controller) return;
        const controller = new AbortController();
        current.controller = controller;
        setProgress(0);
        const releaseLiveRefetches = holdLiveRefetches();
        try {
          const faker = await loadFaker();
          const { ids } = await generateTodos({
            // Untracked: the store keeps no state for each call, so nothing re-renders per request.
            create: async (payload) =>
              (
                await dispatch(
                  todosApi.endpoints.createSampleTodo.initiate(payload, { track: false }),
                ).unwrap()
              ).todo?.id,
            makeSample: sampleTodoMaker(faker, current.userId),
            signal: controller.signal,
            count: GENERATE_COUNT,
            onProgress: (done) => {
              if (controller.signal.aborted) return;
              // The bar is redrawn at most once a frame.
              cancelAnimationFrame(current.frame);
              current.frame = requestAnimationFrame(() => setProgress(done));
            },
          });
          reportRun(ids, current.options, undoButton);
        } catch {
          // Faker could not be loaded: nothing was created; the spec keeps bulk failures silent.
        } finally {
          current.controller = null;
          cancelAnimationFrame(current.frame);
          setProgress(null);
          releaseLiveRefetches();
          dispatch(refreshTodoLists());
        }
      },
    };
  });
  useEffect(() => {
    state.current.userId = userId;
    state.current.options = options;
  }, [userId, options]);

  useEffect(
    () => () => {
      state.current.controller?.abort();
      cancelAnimationFrame(state.current.frame);
    },
    [],
  );

  return run;
}

export function GenerateTodos({ run }: { run: GenerateRun }) {
  const progress = useSyncExternalStore(run.subscribe, run.progress);
  const running = progress !== null;
  return (
    <Stack
      spacing={1}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, minWidth: { sm: 240 } }}
    >
      <Button variant="outlined" onClick={() => void run.start()} disabled={running}>
        Generate Todos
      </Button>
      {running && (
        <Box sx={{ alignSelf: 'stretch' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LinearProgress
              variant="determinate"
              value={Math.round((progress * 100) / GENERATE_COUNT)}
              aria-label="Generate Todos progress"
              aria-valuetext={`${progress} / ${GENERATE_COUNT}`}
              sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
            />
            <Typography
              variant="body2"
              data-testid="generate-progress"
              sx={{ minWidth: '8ch', textAlign: 'right' }}
            >
              {progress} / {GENERATE_COUNT}
            </Typography>
            <Button size="small" onClick={run.cancel}>
              Cancel
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
