/** A project's or a label's colour as a small dot beside its name (decorative: the name says which). */
import Box from '@mui/material/Box';

export function ColorDot({ color, size = 10 }: { color: string; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: color,
        // A light colour on a light page (or dark on dark) still shows its edge.
        boxShadow: (theme) => `0 0 0 1px ${theme.palette.divider}`,
      }}
    />
  );
}
