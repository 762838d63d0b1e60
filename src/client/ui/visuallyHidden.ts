/**
 * Read by screen readers, not shown: MUI's own `visuallyHidden` values. Sizes in px: in `sx` a
 * width of 1 means 100 %, which makes a hidden span as wide as its row and the page scroll sideways.
 */
export const visuallyHiddenSx = {
  border: 0,
  clipPath: 'inset(50%)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
