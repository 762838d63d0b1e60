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
        // A ring in the text's colour, faint, so a dot the colour of its background (a light
        // page, the blue navbar menu) still shows its edge.
        boxShadow: '0 0 0 1px color-mix(in srgb, currentColor 30%, transparent)',
      }}
    />
  );
}
