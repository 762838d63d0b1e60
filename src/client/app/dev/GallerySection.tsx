/** One labelled sample in the gallery. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function GallerySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 4 }}>
      <Typography
        component="h2"
        variant="overline"
        sx={{ display: 'block', color: 'text.secondary' }}
      >
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, overflow: 'hidden', bgcolor: 'action.hover' }}>
        {children}
      </Paper>
    </Box>
  );
}
