/**
 * Dev-only visual gallery (route /dev, present only when `clientConfig.devTools` is true, i.e.
 * under the Vite dev server): every screen of the session and layout issue in each state, for a
 * quick look after a change. It renders the page views with fixed props, so nothing here calls
 * the API. (Being a sampler, it shows several pages' h1 headings on one page.) The navbar's
 * toggle switches the whole gallery between the light and the dark theme. It sits in app/, the
 * composition root, because it puts every feature's views beside the layout, as the router does.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User } from '../../../shared/api-types';
import { Footer } from '../layout/Footer';
import { enqueueSnackbar } from 'notistack';
import { NavbarView } from '../layout/NavbarView';
import { UserMenu } from '../layout/UserMenu';
import { HomeView } from '../../home/HomePage';
import { LoginView } from '../../session/LoginPage';
import { ProfileView } from '../../account/ProfilePage';
import { RegisterView } from '../../session/RegisterPage';
import { SESSION_MESSAGES } from '../../session/sessionMessages';
import { ErrorPage } from '../../ui/ErrorPage';
import NotFoundPage from '../../ui/NotFoundPage';
import { GallerySection } from './GallerySection';

const user: User = {
  id: 1,
  username: 'ada_lovelace',
  email: 'ada@example.com',
  provider: 'local',
  confirmed: true,
  blocked: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};
const blockedUser: User = {
  ...user,
  username: 'a_very_long_username_that_keeps_going_and_going',
  confirmed: false,
  blocked: true,
};

const noop = () => {};
const emptyLogin = { identifier: '', password: '' };
const invalidLogin = { identifier: 'not-an-email', password: '123' };
const emptyRegister = { email: '', username: '', password: '' };
const invalidRegister = { email: 'ada@', username: 'a b', password: 'abcdef' };
const badCharsRegister = { email: 'ada@example.com', username: 'ada-l', password: 'Abcdef1' };

const toasts: Array<[string, 'success' | 'error']> = [
  [SESSION_MESSAGES.loginSuccess, 'success'],
  ['Invalid identifier or password', 'error'],
  [SESSION_MESSAGES.loginFailure, 'error'],
  [SESSION_MESSAGES.registerSuccess, 'success'],
  ['Email or Username are already taken', 'error'],
  [SESSION_MESSAGES.registerFailure, 'error'],
  [SESSION_MESSAGES.logout, 'success'],
];

export default function GalleryPage() {
  return (
    <>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Visual gallery
      </Typography>
      <GallerySection title="Navbar: signed out (narrow the window for the toggle menu)">
        <NavbarView user={undefined} onLogout={noop} />
      </GallerySection>
      <GallerySection title="Navbar: signed in">
        <NavbarView
          user={user}
          onLogout={noop}
          userMenu={<UserMenu username={user.username} loggingOut={false} onLogout={noop} />}
        />
      </GallerySection>
      <GallerySection title="Navbar: logging out (Logout disabled)">
        <NavbarView
          user={user}
          loggingOut
          onLogout={noop}
          userMenu={<UserMenu username={user.username} loggingOut onLogout={noop} />}
        />
      </GallerySection>
      <GallerySection title="Footer">
        <Footer />
      </GallerySection>
      <GallerySection title="Toasts (server errors and successes)">
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {toasts.map(([message, variant]) => (
            <Button
              key={message}
              size="small"
              variant="outlined"
              color={variant}
              onClick={() => enqueueSnackbar(message, { variant })}
            >
              {message}
            </Button>
          ))}
        </Stack>
      </GallerySection>
      <GallerySection title="Login: empty">
        <LoginView submitting={false} onSubmit={noop} />
      </GallerySection>
      <GallerySection title="Login: required fields missing">
        <LoginView submitting={false} onSubmit={noop} initialValues={emptyLogin} />
      </GallerySection>
      <GallerySection title="Login: invalid">
        <LoginView submitting={false} onSubmit={noop} initialValues={invalidLogin} />
      </GallerySection>
      <GallerySection title="Login: submitting">
        <LoginView submitting onSubmit={noop} />
      </GallerySection>
      <GallerySection title="Register: empty">
        <RegisterView submitting={false} onSubmit={noop} />
      </GallerySection>
      <GallerySection title="Register: required fields missing">
        <RegisterView submitting={false} onSubmit={noop} initialValues={emptyRegister} />
      </GallerySection>
      <GallerySection title="Register: invalid">
        <RegisterView submitting={false} onSubmit={noop} initialValues={invalidRegister} />
      </GallerySection>
      <GallerySection title="Register: invalid characters, password without a special character">
        <RegisterView submitting={false} onSubmit={noop} initialValues={badCharsRegister} />
      </GallerySection>
      <GallerySection title="Register: submitting">
        <RegisterView submitting onSubmit={noop} />
      </GallerySection>
      <GallerySection title="Register: registered, waiting for the redirect">
        <RegisterView submitting={false} registered onSubmit={noop} />
      </GallerySection>
      <GallerySection title="Profile: confirmed, active">
        <ProfileView user={user} />
      </GallerySection>
      <GallerySection title="Profile: not confirmed, blocked, long name">
        <ProfileView user={blockedUser} />
      </GallerySection>
      <GallerySection title="Home">
        <HomeView username={user.username} />
      </GallerySection>
      <GallerySection title="Not found">
        <NotFoundPage />
      </GallerySection>
      <GallerySection title="Error page: defaults">
        <ErrorPage />
      </GallerySection>
      <GallerySection title="Error page: with a message">
        <ErrorPage
          status={503}
          title="Service Unavailable"
          message="The database is unreachable."
        />
      </GallerySection>
    </>
  );
}
