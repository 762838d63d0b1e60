/** What a list shows while it loads: five placeholder rows in the rows' grid. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { rowSx } from './rowStyles';

const SKELETON_ROWS = 5;

/** What the list shows while it loads: five placeholder rows. */
export function TodoRowSkeletons() {
  return (
    <Paper component="ul" variant="outlined" aria-busy="true" sx={{ p: 0, m: 0 }}>
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Box
          key={index}
          component="li"
          data-testid="todo-skeleton"
          sx={{ ...rowSx, display: 'block', py: 1 }}
        >
          <Skeleton variant="text" width="60%" height={28} />
          <Skeleton variant="text" width="30%" />
        </Box>
      ))}
    </Paper>
  );
}
