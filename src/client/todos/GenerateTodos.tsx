/**
 * The "Generate Todos" button: 100 sample todos one after another, with a progress bar and a
 * Cancel button. Faker is loaded on the first click only (its own chunk).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../app/store';
import { GENERATE_COUNT, generateTodos, sampleTodoMaker } from './generateTodos';
import { refreshTodoLists, todosApi } from './todosApi';

const loadFaker = async () => (await import('@faker-js/faker/locale/en')).faker;

export interface GenerateRun {
  /** Todos created so far while a run is on, else null. */
  progress: number | null;
  start(): Promise<void>;
  cancel(): void;
}

/**
 * The run's state, held by the page rather than the button: on a phone the button moves into the
 * filter and sort panel, and a resize that moves it must not cancel a run.
 */
export function useGenerateTodos(userId: number | undefined): GenerateRun {
  const dispatch = useDispatch<AppDispatch>();
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  const frame = useRef(0);

  useEffect(
    () => () => {
      controller.current?.abort();
      cancelAnimationFrame(frame.current);
    },
    [],
  );

  // The bar is redrawn at most once a frame: a render per created todo cost more than its request.
  const showProgress = (done: number) => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setProgress(done));
  };

  const start = async () => {
    if (controller.current) return;
    const run = new AbortController();
    controller.current = run;
    setProgress(0);
    try {
      const faker = await loadFaker();
      await generateTodos({
        // Untracked: the store keeps no state for each call, so nothing re-renders per request.
        create: (payload) => dispatch(todosApi.endpoints.createSampleTodo.initiate(payload, { track: false })).unwrap(),
        makeSample: sampleTodoMaker(faker, userId),
        signal: run.signal,
        count: GENERATE_COUNT,
        onProgress: (done) => {
          if (!run.signal.aborted) showProgress(done);
        },
      });
    } catch {
      // Faker could not be loaded: nothing was created; the spec keeps bulk failures silent.
    } finally {
      controller.current = null;
      cancelAnimationFrame(frame.current);
      setProgress(null);
      dispatch(refreshTodoLists());
    }
  };

  return { progress, start, cancel: () => controller.current?.abort() };
}

export function GenerateTodos({ run: { progress, start, cancel } }: { run: GenerateRun }) {
  const running = progress !== null;
  return (
    <Stack spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, minWidth: { sm: 240 } }}>
      <Button variant="outlined" onClick={() => void start()} disabled={running}>
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
            <Typography variant="body2" data-testid="generate-progress" sx={{ minWidth: '8ch', textAlign: 'right' }}>
              {progress} / {GENERATE_COUNT}
            </Typography>
            <Button size="small" onClick={cancel}>
              Cancel
            </Button>
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
