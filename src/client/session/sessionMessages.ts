/**
 * What the session flows tell the user, and how long a redirect waits after it. Kept apart from
 * the machine so that pages (and the dev gallery) can show these texts without loading XState.
 */
export const LOGOUT_REDIRECT_MS = 1000;
export const REGISTER_REDIRECT_MS = 2000;

export const SESSION_MESSAGES = {
  loginSuccess: 'Login successful! Redirecting...',
  loginFailure: 'Unknown error!',
  registerSuccess: 'Registration successful! Welcome aboard.',
  registerFailure: 'Unknown error occurred',
  logout: 'Logout successful! Redirecting...',
} as const;
