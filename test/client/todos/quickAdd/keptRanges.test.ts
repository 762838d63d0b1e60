/** Kept ranges follow the text as it is edited, and go when the edit touches them. */
import { shiftKept } from '../../../../src/client/todos/quickAdd/keptRanges';

const kept = [{ start: 9, end: 17 }]; // "tomorrow" in "Call mum tomorrow"

describe('shiftKept', () => {
  it('moves with text typed before it', () => {
    expect(shiftKept(kept, 'Call mum tomorrow', 'Please call mum tomorrow')).toEqual([
      { start: 16, end: 24 },
    ]);
  });

  it('stays for text typed after it, right at its end too', () => {
    expect(shiftKept(kept, 'Call mum tomorrow', 'Call mum tomorrow 5pm')).toEqual(kept);
  });

  it('moves with text deleted before it', () => {
    expect(shiftKept(kept, 'Call mum tomorrow', 'Call tomorrow')).toEqual([{ start: 5, end: 13 }]);
  });

  it('goes when the edit is inside it', () => {
    expect(shiftKept(kept, 'Call mum tomorrow', 'Call mum tomorro')).toEqual([]);
    expect(shiftKept(kept, 'Call mum tomorrow', 'Call mum tomXorrow')).toEqual([]);
  });

  it('goes when the text is cleared', () => {
    expect(shiftKept(kept, 'Call mum tomorrow', '')).toEqual([]);
  });
});
