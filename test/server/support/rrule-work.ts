/** How much work rrule did: the measure of a bounded series search, without timing anything. */
import { RRule } from 'rrule';

/**
 * How many dates rrule produced while `run` ran (awaited): each search's IterResult counts every date
 * it looked at, those before the one asked for included.
 */
export async function datesProduced(run: () => unknown): Promise<number> {
  const iter = jest.spyOn(
    RRule.prototype as unknown as { _iter(result: { total: number }): unknown },
    '_iter',
  );
  try {
    await run();
    return iter.mock.calls.reduce((sum, [result]) => sum + result.total, 0);
  } finally {
    iter.mockRestore();
  }
}
