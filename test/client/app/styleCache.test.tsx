/** The app's Emotion cache writes standard CSS, with Safari's prefix for `user-select` only. */
import { CacheProvider } from '@emotion/react';
import Button from '@mui/material/Button';
import { render } from '@testing-library/react';
import { styleCache } from '../../../src/client/app/styleCache';

describe('the style cache', () => {
  afterEach(() => jest.restoreAllMocks());

  it('styles a button without vendor-prefixed copies, keeping -webkit-user-select', () => {
    // The rules as stylis hands them to the page's style sheet.
    const insert = jest.spyOn(styleCache.sheet, 'insert');
    render(
      <CacheProvider value={styleCache}>
        <Button>Save</Button>
      </CacheProvider>,
    );
    const css = insert.mock.calls.map(([rule]) => rule).join('\n');
    expect(css).toContain('display:inline-flex;');
    expect(css).toContain('-webkit-user-select:none;user-select:none;');
    expect(css).not.toMatch(
      /-webkit-box|-ms-|-moz-user-select|-webkit-align-items|-webkit-inline-flex/,
    );
  });
});
