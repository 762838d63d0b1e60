/**
 * Shown while the session's frame loads (a fresh load of a signed-in page): a bar of the navbar's
 * height with the brand only, so nothing moves when the real one comes and there is nothing to
 * click that could be replaced under the pointer.
 */
import TaskAlt from '@mui/icons-material/TaskAlt';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { PageFallback } from './PageFallback';

export function FrameFallback() {
  return (
    <>
      <AppBar position="static" elevation={1}>
        <Toolbar>
          <Typography
            variant="h6"
            component="span"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700 }}
          >
            <TaskAlt aria-hidden="true" />
            Ticklist
          </Typography>
        </Toolbar>
      </AppBar>
      <PageFallback />
    </>
  );
}
