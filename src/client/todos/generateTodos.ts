/**
 * Generate Todos: creates sample todos one after another (100 per click), skips the ones that
 * fail, reports progress and stops when its signal is aborted. The caller injects how a sample
 * is made and how it is created, so this loop is tested without a server or faker.
 */
import type { NewTodo } from './todosApi';

export const GENERATE_COUNT = 100;

interface GenerateOptions<Payload> {
  /** Creates one todo; resolves to its id when the answer names it. */
  create(payload: Payload): Promise<number | null | void>;
  makeSample(): Payload;
  signal?: AbortSignal;
  count?: number;
  /** Called after each attempt, successful or not, with how many attempts are done. */
  onProgress?(done: number, total: number): void;
}

interface GenerateResult {
  attempted: number;
  created: number;
  failed: number;
  cancelled: boolean;
  /** The ids of the todos created, in order: what Undo deletes. */
  ids: number[];
}

export async function generateTodos<Payload>({
  create,
  makeSample,
  signal,
  count = GENERATE_COUNT,
  onProgress,
}: GenerateOptions<Payload>): Promise<GenerateResult> {
  const result: GenerateResult = {
    attempted: 0,
    created: 0,
    failed: 0,
    cancelled: false,
    ids: [],
  };
  for (let index = 0; index < count; index += 1) {
    if (signal?.aborted) {
      result.cancelled = true;
      break;
    }
    try {
      const id = await create(makeSample());
      result.created += 1;
      if (typeof id === 'number') result.ids.push(id);
    } catch {
      result.failed += 1; // the spec: a failure is silently ignored
    }
    result.attempted += 1;
    onProgress?.(result.attempted, count);
  }
  if (signal?.aborted && result.attempted < count) result.cancelled = true;
  return result;
}

/** The part of faker a sample needs. */
interface LoremSource {
  lorem: {
    words(wordCount?: number | { min: number; max: number }): string;
    paragraph(sentenceCount?: number | { min: number; max: number }): string;
  };
}

/** A bulk sample: random words as the title, one paragraph as the description, the owner as `[id]`. */
export const sampleTodoMaker = (faker: LoremSource, userId: number | undefined) => (): NewTodo => ({
  title: faker.lorem.words({ min: 2, max: 5 }),
  description: faker.lorem.paragraph(),
  ...(userId === undefined ? {} : { user: [userId] }),
});

/** The toast after a run: how many todos it created ("100 todos created", "1 todo created"). */
export const generatedMessage = (created: number) =>
  created === 1 ? '1 todo created' : `${created} todos created`;
