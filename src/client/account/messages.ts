/** What the account pages say: their toasts and confirmations. */
export const ACCOUNT_MESSAGES = {
  resetLinkSent:
    'If an account uses that email, a link to reset its password is on its way. The link works for one hour.',
  resetLinkMissing: 'This reset link is incomplete. Ask for a new one.',
  resetLinkUsed: 'This reset link has already been used or has expired. Ask for a new one.',
  passwordReset: 'Your password has been reset',
  passwordChanged: 'Password changed. Other devices have been signed out.',
  confirmationSent: (email: string) => `Confirmation email sent to ${email}`,
  emailConfirmed: 'Email confirmed',
  loggedOutEverywhere: 'Logged out of all devices',
  accountDeleted: 'Your account has been deleted',
  exported: 'Export downloaded',
  imported: (count: number) => `Imported ${count} ${count === 1 ? 'todo' : 'todos'}`,
} as const;
