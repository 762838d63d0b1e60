import {
  canGoTo,
  clampPage,
  entryRange,
  lastPage,
  pageWindow,
  rowNumber,
  showingText,
} from '../../../src/client/todos/pagination';

describe('the last page', () => {
  it('rounds up a partial page', () => {
    expect(lastPage(23, 5)).toBe(5);
    expect(lastPage(23, 10)).toBe(3);
    expect(lastPage(20, 10)).toBe(2);
  });

  it('is at least 1, also for an empty list', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(Number.NaN, 10)).toBe(1);
  });
});

describe('keeping the page within 1..last', () => {
  it('leaves a page in range alone', () => expect(clampPage(3, 5)).toBe(3));
  it('brings a page past the end back to the last one (a delete emptied it)', () =>
    expect(clampPage(6, 5)).toBe(5));
  it('brings zero, negative and unreadable pages to 1', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-2, 5)).toBe(1);
    expect(clampPage(Number.NaN, 5)).toBe(1);
  });
  it('gives 1 when there are no pages at all', () => expect(clampPage(4, 0)).toBe(1));
});

describe('the page buttons', () => {
  it('show the previous, current and next page', () => expect(pageWindow(3, 5)).toEqual([2, 3, 4]));
  it('have no previous page on the first page', () => expect(pageWindow(1, 5)).toEqual([1, 2]));
  it('have no next page on the last page', () => expect(pageWindow(5, 5)).toEqual([4, 5]));
  it('are a single button when there is one page', () => expect(pageWindow(1, 1)).toEqual([1]));
  it('are never more than three', () => {
    for (let last = 1; last <= 8; last += 1) {
      for (let page = 1; page <= last; page += 1)
        expect(pageWindow(page, last).length).toBeLessThanOrEqual(3);
    }
  });
});

describe('row numbers', () => {
  it('start at 1', () => expect(rowNumber(1, 10, 0)).toBe(1));
  it('continue across pages', () => {
    expect(rowNumber(2, 10, 0)).toBe(11);
    expect(rowNumber(5, 5, 2)).toBe(23);
  });
});

describe('"Showing X to Y of Z entries"', () => {
  it('counts a full page', () =>
    expect(showingText(1, 10, 23)).toBe('Showing 1 to 10 of 23 entries'));
  it('counts a partial last page', () =>
    expect(showingText(3, 10, 23)).toBe('Showing 21 to 23 of 23 entries'));
  it('counts page 5 of 5 at five per page', () =>
    expect(showingText(5, 5, 23)).toBe('Showing 21 to 23 of 23 entries'));
  it('says 0 to 0 for an empty list', () =>
    expect(showingText(1, 10, 0)).toBe('Showing 0 to 0 of 0 entries'));
  it('never counts past the end for a page beyond the last', () =>
    expect(entryRange(9, 10, 23)).toEqual({ from: 21, to: 23 }));
});

describe('moving to a page', () => {
  it('is allowed within 1..last when idle', () => expect(canGoTo(2, 1, 3, false)).toBe(true));
  it('is refused outside 1..last', () => {
    expect(canGoTo(0, 1, 3, false)).toBe(false);
    expect(canGoTo(4, 3, 3, false)).toBe(false);
  });
  it('is refused while loading or fetching', () => expect(canGoTo(2, 1, 3, true)).toBe(false));
  it('is refused to the page already shown', () => expect(canGoTo(2, 2, 3, false)).toBe(false));
});
