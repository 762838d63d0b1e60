/** The layout of a todo's row, shared by the list's rows, their skeletons and the trash's rows. */
/** Where the description starts: under the title, past the check and the number. */
export const DETAILS_INDENT = '8ch';

/**
 * A row is a grid: from lg up the dates (one above the other) and the buttons share the title's line, so twelve rows fit
 * on a 1280×800 screen; narrower, they take a line of their own under the title, and when the
 * dates do not fit beside the buttons the buttons wrap under them rather than being drawn over.
 * The trash's rows use it too.
 */
export const rowSx = {
  listStyle: 'none',
  px: 1,
  py: 0.25,
  display: 'grid',
  columnGap: 2,
  rowGap: 0.25,
  alignItems: 'center',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) auto' },
  gridTemplateAreas: { xs: '"main" "desc" "meta"', lg: '"main meta" "desc desc"' },
  '& + &': { borderTop: 1, borderColor: 'divider' },
} as const;

export const titleLineSx = {
  flex: '1 1 auto',
  minWidth: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: 1,
} as const;

/**
 * From lg up the two dates stand one above the other, in lines no taller than the title's, so the
 * title keeps the width and the row its height; narrower, they run on one line under the title.
 */
export const datesSx = {
  minWidth: 0,
  overflowWrap: 'anywhere',
  lineHeight: { lg: 1.3 },
  // Narrower, a line breaks between the dates rather than inside one.
  '& > span': { display: { xs: 'inline-block', lg: 'block' }, whiteSpace: { lg: 'nowrap' } },
  '& > .separator': { display: { xs: 'inline', lg: 'none' } },
} as const;

export const metaSx = {
  gridArea: 'meta',
  display: 'flex',
  flexWrap: { xs: 'wrap', lg: 'nowrap' },
  alignItems: 'center',
  columnGap: 2,
  rowGap: 0.5,
  minWidth: 0,
  pl: { xs: 0.5, lg: 0 },
} as const;
