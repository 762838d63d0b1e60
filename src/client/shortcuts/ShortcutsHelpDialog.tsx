/** The "Keyboard shortcuts" dialog: each key with what it does. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Fragment, useId } from 'react';
import { SHORTCUT_HELP } from './shortcuts';

export interface ShortcutsHelpDialogProps {
  open: boolean;
  onClose(): void;
}

export function ShortcutsHelpDialog({ open, onClose }: ShortcutsHelpDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 1.5,
            alignItems: 'center',
            m: 0,
          }}
        >
          {SHORTCUT_HELP.map(({ keys, description }) => (
            <Fragment key={`${keys} ${description}`}>
              <Box component="dt" sx={{ justifySelf: 'start' }}>
                <Box
                  component="kbd"
                  sx={{
                    display: 'inline-block',
                    minWidth: '2.5ch',
                    px: 1,
                    py: 0.25,
                    border: 1,
                    borderColor: 'divider',
                    borderBottomWidth: 2,
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                    fontFamily: 'monospace',
                    fontSize: '0.9rem',
                    textAlign: 'center',
                  }}
                >
                  {keys}
                </Box>
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {description}
              </Box>
            </Fragment>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          onClick={onClose}
          sx={(theme) => ({
            '&.Mui-focusVisible': {
              outline: `3px solid ${theme.palette.primary.main}`,
              outlineOffset: 2,
            },
          })}
        >
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
