/**
 * Profile: the user's details, shown at once from the session and then as the server has them
 * (a confirmation made through the mail's link shows), and the account's actions.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { User } from '../../shared/api-types';
import { AccountActions } from './AccountActions';
import { DisplaySection } from './DisplaySection';
import { useGetMeQuery } from './accountApi';
import { ACCOUNT_MESSAGES } from './messages';
import { toasts } from '../lib/toasts';
import { hasAppPasswords, hasDueDates } from '../lib/features';
import { AppPasswordsSection, CalendarFeedSection } from '../calendar';
import { NotificationsSection } from '../notifications';
import { useSessionUser, useStoredConfirmation } from '../session';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

export function ProfileView({ user, children }: { user: User; children?: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 1, sm: 4 }, p: { xs: 2.5, sm: 4 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Avatar
          aria-hidden="true"
          sx={{ bgcolor: 'primary.main', width: 56, height: 56, fontSize: 28 }}
        >
          {user.username.charAt(0).toUpperCase()}
        </Avatar>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
          Profile
        </Typography>
      </Box>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 3,
          rowGap: 1.5,
          m: 0,
          alignItems: 'center',
        }}
      >
        <Row label="Username:">{user.username}</Row>
        <Row label="Email:">{user.email}</Row>
        <Row label="Provider:">{user.provider}</Row>
        <Row label="Account Status:">
          <Chip
            size="small"
            color={user.confirmed ? 'success' : 'warning'}
            label={user.confirmed ? 'Confirmed' : 'Not Confirmed'}
          />
        </Row>
        <Row label="Account:">
          <Chip
            size="small"
            color={user.blocked ? 'error' : 'success'}
            label={user.blocked ? 'Blocked' : 'Active'}
          />
        </Row>
      </Box>
      {children}
    </Paper>
  );
}

/** The mail's confirmation link lands on /profile?confirmed=1: say so once, and drop the flag. */
function useConfirmedNotice() {
  const [params, setParams] = useSearchParams();
  const confirmed = params.get('confirmed') === '1';
  useEffect(() => {
    if (!confirmed) return;
    toasts.success(ACCOUNT_MESSAGES.emailConfirmed, 'mail');
    setParams({}, { replace: true });
  }, [confirmed, setParams]);
}

export default function ProfilePage() {
  const stored = useSessionUser();
  const { data: fresh } = useGetMeQuery(undefined, {
    refetchOnMountOrArgChange: true,
    skip: !stored,
  });
  useConfirmedNotice();
  useStoredConfirmation(fresh);
  const user = fresh && fresh.id === stored?.id ? { ...stored, ...fresh } : stored;
  // The route guard only lets signed-in users in; this covers the moment a session ends.
  return user ? (
    <ProfileView user={user}>
      <AccountActions user={user} />
      <DisplaySection userId={user.id} />
      {hasDueDates() && <NotificationsSection />}
      {hasDueDates() && <CalendarFeedSection />}
      {hasAppPasswords() && <AppPasswordsSection />}
    </ProfileView>
  ) : null;
}
