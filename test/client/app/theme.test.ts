/** Both colour schemes meet WCAG AA: 4.5:1 for text, 3:1 for focus rings, on every surface. */
import {
  decomposeColor,
  getContrastRatio,
  getOverlayAlpha,
  type Palette,
} from '@mui/material/styles';
import { theme } from '../../../src/client/app/theme';

type Scheme = 'light' | 'dark';
const SCHEMES: Scheme[] = ['light', 'dark'];
const TEXT = 4.5;
const NON_TEXT = 3;

// The theme's type lists `colorSchemes` only when CSS variables are declared app-wide.
type SchemePalette = Palette & { AppBar: { darkBg: string; darkColor: string } };
const { colorSchemes } = theme as unknown as {
  colorSchemes: Partial<Record<Scheme, { palette: SchemePalette }>>;
};

const palette = (scheme: Scheme) => {
  const found = colorSchemes[scheme]?.palette;
  if (!found) throw new Error(`no ${scheme} scheme`);
  return found;
};

/** `top` (possibly translucent) painted over the opaque `bottom`, as an opaque rgb() colour. */
function over(top: string, bottom: string): string {
  const t = decomposeColor(top);
  const b = decomposeColor(bottom);
  const a = t.values[3] ?? 1;
  const mix = [0, 1, 2].map((i) => Math.round(t.values[i]! * a + b.values[i]! * (1 - a)));
  return `rgb(${mix.join(', ')})`;
}

/** The surfaces text sits on: the page, paper, and (dark) menus and dialogs with their overlay. */
function surfaces(scheme: Scheme): Record<string, string> {
  const { background } = palette(scheme);
  const raised = (elevation: number) =>
    scheme === 'dark'
      ? over(`rgba(255, 255, 255, ${getOverlayAlpha(elevation)})`, background.paper)
      : background.paper;
  return {
    page: background.default,
    paper: background.paper,
    menu: raised(8),
    dialog: raised(24),
  };
}

describe.each(SCHEMES)('the %s scheme', (scheme) => {
  const p = palette(scheme);

  it.each(Object.entries(surfaces(scheme)))(
    'text on the %s surface reaches 4.5:1',
    (_name, surface) => {
      const colours = {
        'text.primary': p.text.primary,
        'text.secondary': p.text.secondary,
        'primary.main (links, text buttons)': p.primary.main,
        'error.main (messages, Delete)': p.error.main,
      };
      for (const [name, colour] of Object.entries(colours)) {
        expect([name, getContrastRatio(over(colour, surface), surface) >= TEXT]).toEqual([
          name,
          true,
        ]);
      }
      // The focus ring is the primary colour: 3:1 is the bar for non-text marks.
      expect(getContrastRatio(p.primary.main, surface)).toBeGreaterThanOrEqual(NON_TEXT);
    },
  );

  it.each(['primary', 'secondary', 'success', 'error', 'warning', 'info'] as const)(
    'text on a filled %s surface (buttons, chips) reaches 4.5:1',
    (colour) => {
      expect(getContrastRatio(p[colour].contrastText, p[colour].main)).toBeGreaterThanOrEqual(TEXT);
    },
  );
});

describe('the app bar', () => {
  // The active link's shade, as in the layout's activeSx.
  const activeLight = 'rgba(0, 0, 0, 0.24)';
  const activeDark = 'rgba(255, 255, 255, 0.12)';

  it('light: white on the primary blue, also on the active link', () => {
    const bar = palette('light').primary.main;
    const text = palette('light').primary.contrastText;
    expect(getContrastRatio(text, bar)).toBeGreaterThanOrEqual(TEXT);
    expect(getContrastRatio(text, over(activeLight, bar))).toBeGreaterThanOrEqual(TEXT);
  });

  it('dark: its own grey surface and text, also on the active link', () => {
    const { darkBg, darkColor } = palette('dark').AppBar;
    expect(darkBg).toBe('#1e1e1e');
    expect(getContrastRatio(darkColor, darkBg)).toBeGreaterThanOrEqual(TEXT);
    expect(getContrastRatio(darkColor, over(activeDark, darkBg))).toBeGreaterThanOrEqual(TEXT);
  });
});

describe('toasts', () => {
  const overrides = theme.components?.MuiCssBaseline?.styleOverrides as Record<
    string,
    { backgroundColor: string; color?: string }
  >;

  it.each(['success', 'error', 'warning', 'info'])('%s: its text reaches 4.5:1', (variant) => {
    const style = overrides[`.notistack-MuiContent.notistack-MuiContent-${variant}`];
    expect(style).toBeDefined();
    const { backgroundColor, color = '#fff' } = style!;
    expect(getContrastRatio(over(color, backgroundColor), backgroundColor)).toBeGreaterThanOrEqual(
      TEXT,
    );
  });
});
