/**
 * The profile's display choices, kept per user on this device: how the list writes a todo's
 * dates, the spec's full date by default or relative ("5 minutes ago").
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { usePreference } from '../lib/preferences';

export function DisplaySection({ userId }: { userId: number }) {
  const [dates, setDates] = usePreference(userId, 'dates');
  return (
    <Box component="section" aria-labelledby="display-heading" sx={{ mt: 3 }}>
      <Typography id="display-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Display
      </Typography>
      <FormControlLabel
        label='Relative dates ("5 minutes ago") on todos'
        control={
          <Switch
            checked={dates === 'relative'}
            onChange={(event) => setDates(event.target.checked ? 'relative' : 'absolute')}
          />
        }
      />
    </Box>
  );
}
