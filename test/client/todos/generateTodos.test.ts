import {
  GENERATE_COUNT,
  generateTodos,
  sampleTodoMaker,
} from '../../../src/client/todos/generateTodos';

describe('Generate Todos', () => {
  it('creates 100 todos by default, one after another, in order', async () => {
    const created: number[] = [];
    let running = 0;
    let overlapped = false;
    let next = 0;
    const result = await generateTodos({
      makeSample: () => ++next,
      create: async (sample) => {
        running += 1;
        if (running > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 0));
        created.push(sample);
        running -= 1;
      },
    });
    expect(GENERATE_COUNT).toBe(100);
    expect(created).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    expect(overlapped).toBe(false);
    expect(result).toEqual({
      attempted: 100,
      created: 100,
      failed: 0,
      cancelled: false,
      ids: [],
    });
  });

  it('skips failures silently and carries on, keeping the ids of the todos it created', async () => {
    const progress: number[] = [];
    let next = 0;
    const result = await generateTodos({
      count: 5,
      makeSample: () => ++next,
      // Each success answers with the new todo's id (here 100 + its sample number).
      create: (sample) =>
        sample % 2 === 0 ? Promise.reject(new Error('400')) : Promise.resolve(100 + sample),
      onProgress: (done, total) => progress.push(done * 10 + total),
    });
    expect(result).toEqual({
      attempted: 5,
      created: 3,
      failed: 2,
      cancelled: false,
      ids: [101, 103, 105],
    });
    expect(progress).toEqual([15, 25, 35, 45, 55]);
  });

  it('stops when cancelled and makes no further sample', async () => {
    const controller = new AbortController();
    const made: number[] = [];
    const result = await generateTodos({
      signal: controller.signal,
      makeSample: () => {
        made.push(made.length + 1);
        return made.length;
      },
      create: async (sample) => {
        if (sample === 3) controller.abort();
      },
    });
    expect(made).toEqual([1, 2, 3]);
    expect(result).toEqual({ attempted: 3, created: 3, failed: 0, cancelled: true, ids: [] });
  });

  it('does nothing when cancelled before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    const create = jest.fn();
    const result = await generateTodos({ signal: controller.signal, makeSample: () => 1, create });
    expect(create).not.toHaveBeenCalled();
    expect(result.cancelled).toBe(true);
  });
});

describe('a generated sample', () => {
  it('has random words as title, one paragraph as description and the owner as [id]', async () => {
    const { faker } = await import('@faker-js/faker/locale/en');
    faker.seed(42);
    const sample = sampleTodoMaker(faker, 7)();
    expect(sample.user).toEqual([7]);
    expect(sample.title).toMatch(/^[a-z]+( [a-z]+){1,4}$/i);
    expect(sample.description).toMatch(/^[A-Z].*\.$/);
    expect(sample.description).not.toContain('\n');
    expect(sampleTodoMaker(faker, 7)().title).not.toBe(sample.title);
  });
});
