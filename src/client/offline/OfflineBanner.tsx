/**
 * Says so while the browser is offline. The live region is always there (empty while online), so
 * screen readers announce the text when it appears; it sits in the page's flow, under the navbar,
 * so it never covers the list, and wraps to two lines on a phone.
 */
import Box from '@mui/material/Box';
import { useOnline } from './useOnline';

export const OFFLINE_TEXT =
  'You are offline. Changes are saved on this device and sent when you are back online.';

export function OfflineBanner() {
  const online = useOnline();
  return (
    <Box role="status">
      {!online && (
        <Box
          sx={{
            px: 2,
            py: 1,
            textAlign: 'center',
            typography: 'body2',
            // Dark text on amber: over 7:1 in both colour schemes.
            bgcolor: 'warning.light',
            color: 'rgba(0, 0, 0, 0.87)',
          }}
        >
          {OFFLINE_TEXT}
        </Box>
      )}
    </Box>
  );
}
