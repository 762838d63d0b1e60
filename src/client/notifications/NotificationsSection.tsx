/**
 * The profile's "Notifications" section: where reminders go (mail, this app's notifications, both
 * or neither), "Notifications on this device" (the browser's permission is asked only on that
 * click, never on load), and the devices that get them, each removable.
 */
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { toasts } from '../lib/toasts';
import { changeErrorMessage } from '../lib/messages';
import { currentSubscription, deviceName, pushSupport, subscribeThisBrowser } from './browserPush';
import {
  REMINDER_DELIVERIES,
  useAddPushDeviceMutation,
  useGetReminderDeliveryQuery,
  useLazyGetVapidPublicKeyQuery,
  useListPushDevicesQuery,
  useRemovePushDeviceMutation,
  useSetReminderDeliveryMutation,
  type ReminderDelivery,
} from './pushApi';

export const NOTIFICATION_MESSAGES = {
  explain:
    'Reminders reach a device even when Ticklist is closed. Each device asks for your permission once.',
  unsupported: 'This browser cannot show notifications from Ticklist.',
  blocked:
    'Notifications are blocked for this site: allow them in the browser’s site settings, then try again.',
  on: 'Notifications are on for this device.',
  removed: 'Device removed: it gets no more reminders.',
  chosen: 'Reminder delivery saved.',
} as const;

const DELIVERY_LABELS: Record<ReminderDelivery, string> = {
  both: 'Mail and notifications',
  mail: 'Mail only',
  push: 'Notifications only',
  none: 'In the app only',
};

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : changeErrorMessage(error);

export function NotificationsSection() {
  const { data: devices = [] } = useListPushDevicesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const { data: delivery } = useGetReminderDeliveryQuery();
  const [setDelivery] = useSetReminderDeliveryMutation();
  const [getKey] = useLazyGetVapidPublicKeyQuery();
  const [addDevice] = useAddPushDeviceMutation();
  const [removeDevice] = useRemovePushDeviceMutation();
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const support = pushSupport();

  useEffect(() => {
    void currentSubscription().then((subscription) =>
      setThisEndpoint(subscription?.endpoint ?? null),
    );
  }, []);
  const onHere = devices.some((device) => device.endpoint === thisEndpoint);

  const turnOn = async () => {
    setBusy(true);
    try {
      const subscription = await subscribeThisBrowser(await getKey().unwrap());
      await addDevice(subscription).unwrap();
      setThisEndpoint(subscription.endpoint ?? null);
      toasts.success(NOTIFICATION_MESSAGES.on, 'push');
    } catch (error) {
      toasts.error(messageOf(error), 'push');
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: number, endpoint: string) => {
    try {
      await removeDevice(id).unwrap();
      if (endpoint === thisEndpoint) {
        await (await currentSubscription())?.unsubscribe();
        setThisEndpoint(null);
      }
      toasts.success(NOTIFICATION_MESSAGES.removed, 'push');
    } catch (error) {
      toasts.error(messageOf(error), 'push');
    }
  };
  const choose = async (next: ReminderDelivery) => {
    try {
      await setDelivery(next).unwrap();
      toasts.success(NOTIFICATION_MESSAGES.chosen, 'push');
    } catch (error) {
      toasts.error(messageOf(error), 'push');
    }
  };

  return (
    <Box component="section" aria-labelledby="notifications-heading" sx={{ mt: 3 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="notifications-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Notifications
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {NOTIFICATION_MESSAGES.explain}
      </Typography>
      <TextField
        select
        size="small"
        label="Send reminders by"
        value={delivery ?? ''}
        onChange={(event) => void choose(event.target.value as ReminderDelivery)}
        sx={{ minWidth: 260, mb: 2 }}
        disabled={delivery === undefined}
      >
        {REMINDER_DELIVERIES.map((option) => (
          <MenuItem key={option} value={option}>
            {DELIVERY_LABELS[option]}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        {support === 'supported' ? (
          <Button variant="outlined" onClick={() => void turnOn()} disabled={busy || onHere}>
            {onHere ? 'Notifications are on for this device' : 'Notifications on this device'}
          </Button>
        ) : (
          <Typography variant="body2" role="status">
            {support === 'blocked'
              ? NOTIFICATION_MESSAGES.blocked
              : NOTIFICATION_MESSAGES.unsupported}
          </Typography>
        )}
      </Box>
      {devices.length > 0 && (
        <List aria-label="Devices that get reminders" dense>
          {devices.map((device) => {
            const name = deviceName(device.userAgent);
            const here = device.endpoint === thisEndpoint;
            return (
              <ListItem
                key={device.id}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${name}${here ? ' (this device)' : ''}`}
                    onClick={() => void remove(device.id, device.endpoint)}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={here ? `${name} (this device)` : name}
                  secondary={`Since ${new Date(device.createdAt).toLocaleDateString()}`}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
