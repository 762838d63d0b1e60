/**
 * The profile's "App passwords" section: phone and desktop task apps sync over CalDAV with an app
 * password each, never the account's. Lists them (name, created, last used) with Revoke, which
 * asks first, and "Create app password", whose dialog shows the new password once.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAccountCall } from '../account';
import { toasts } from '../lib/toasts';
import { formatDateTime } from '../ui/dates';
import {
  useGetAppPasswordsQuery,
  useRevokeAppPasswordMutation,
  type AppPassword,
} from './appPasswordsApi';
import { CreateAppPasswordDialog } from './CreateAppPasswordDialog';

export const APP_PASSWORD_MESSAGES = {
  explain:
    'Phone and desktop task apps (Apple Reminders, Tasks.org through DAVx⁵, Thunderbird) sync your todos over CalDAV. Give each app its own app password, never your account password; revoking one stops that app alone.',
  none: 'No app passwords yet.',
  revoked: 'App password revoked.',
} as const;

export function AppPasswordsSection() {
  const { data = [], isLoading } = useGetAppPasswordsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  return (
    <section aria-labelledby="app-passwords">
      <Divider sx={{ my: 3 }} />
      <Typography id="app-passwords" component="h2" variant="h6" sx={{ mb: 1 }}>
        App passwords
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {APP_PASSWORD_MESSAGES.explain}
      </Typography>
      {!isLoading && data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {APP_PASSWORD_MESSAGES.none}
        </Typography>
      )}
      {data.length > 0 && (
        <List aria-label="App passwords" dense>
          {data.map((item) => (
            <ListItem
              key={item.id}
              disableGutters
              secondaryAction={
                <Button
                  color="error"
                  aria-label={`Revoke ${item.name}`}
                  onClick={() => setRevoking(item)}
                >
                  Revoke
                </Button>
              }
            >
              <ListItemText
                primary={item.name}
                secondary={`Created ${formatDateTime(item.createdAt)} · ${
                  item.lastUsedAt ? `Last used ${formatDateTime(item.lastUsedAt)}` : 'Never used'
                }`}
                sx={{ pr: 10, overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button variant="outlined" sx={{ mt: 1.5 }} onClick={() => setCreating(true)}>
        Create app password
      </Button>
      <CreateAppPasswordDialog open={creating} onClose={() => setCreating(false)} />
      <RevokeDialog item={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}

function RevokeDialog({ item, onClose }: { item: AppPassword | null; onClose(): void }) {
  const [revoke, { isLoading }] = useRevokeAppPasswordMutation();
  const { run } = useAccountCall();
  const confirm = async () => {
    if (!item) return;
    if ((await run('appPassword', () => revoke(item.id).unwrap())) === undefined) return;
    toasts.success(APP_PASSWORD_MESSAGES.revoked, 'appPassword');
    onClose();
  };
  return (
    <Dialog open={item !== null} onClose={onClose} aria-labelledby="revoke-app-password">
      <DialogTitle id="revoke-app-password">Revoke this app password?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {`${item?.name ?? ''} will no longer sync: the app is refused from its next request. Other apps keep theirs.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          color="error"
          variant="contained"
          loading={isLoading}
          onClick={() => void confirm()}
        >
          Revoke
        </Button>
      </DialogActions>
    </Dialog>
  );
}
