/** Shown in the layout while a page's code loads. */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function PageFallback() {
  return (
    <Box
      role="status"
      aria-label="Loading"
      sx={{ display: 'flex', justifyContent: 'center', py: 8 }}
    >
      <CircularProgress />
    </Box>
  );
}
