/**
 * @jest-environment node
 *
 * The memory starting up leaves behind goes back at once (startup-memory): after a burst of
 * allocation has grown V8's young generation, the release shrinks it again and frees the dead
 * objects of the old one, as V8's memory reducer would only after seconds of idleness.
 */
import v8 from 'node:v8';
import { releaseStartupMemory } from '../../src/server/startup-memory';

const youngGenerationBytes = (): number => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

/** Objects that survive a few young collections, as a module's records do while the server loads. */
function growYoungGeneration(): void {
  const kept: object[][] = [];
  for (let round = 0; round < 40; round++) {
    kept.push(Array.from({ length: 20_000 }, (_unused, i) => ({ round, i, label: `item ${round}.${i}` })));
    if (kept.length > 8) kept.shift();
  }
}

describe('releaseStartupMemory', () => {
  it('shrinks the young generation that loading grew, and frees dead objects', async () => {
    growYoungGeneration();
    const grown = youngGenerationBytes();
    const usedBefore = process.memoryUsage().heapUsed;

    await expect(releaseStartupMemory()).resolves.toBe(true);

    const released = youngGenerationBytes();
    expect(released).toBeLessThan(grown);
    expect(released).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(process.memoryUsage().heapUsed).toBeLessThan(usedBefore);
  });
});
