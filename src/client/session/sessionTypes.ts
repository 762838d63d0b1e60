/** The session machine's events, emitted events and context. */
import type { Session } from '../../shared/api-types';
import type { LoginForm, RegisterForm } from '../../shared/schemas';
import type { FieldMessages } from './authApi';

export type ToastVariant = 'default' | 'success' | 'error' | 'info' | 'warning';

export type SessionEvent =
  | { type: 'session.login'; credentials: LoginForm }
  | { type: 'session.register'; form: RegisterForm }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  /** The server issued a new session for this user (password reset or change): keep it, then go to `goTo` if given. */
  | { type: 'session.renewed'; session: Session; goTo?: string }
  /** The account ended this session on the server (logged out everywhere, deleted): sign out with `message`. */
  | { type: 'session.closed'; message: string }
  /** Another tab stored a session (it logged in). */
  | { type: 'session.storedElsewhere'; session: Session }
  /** Another tab removed the stored session (it logged out, or its session expired). */
  | { type: 'session.clearedElsewhere' }
  /**
   * The live event stream was refused this token (401) while the page was fine: the server ended it
   * (a logout in another tab, which may not have removed the stored session yet; logged out
   * everywhere on another device; blocked). Treated like a logout elsewhere.
   */
  | { type: 'session.revoked'; jwt: string };

/** What the `watchOtherTabs` actor reports. */
export type OtherTabEvent = Extract<
  SessionEvent,
  { type: 'session.storedElsewhere' } | { type: 'session.clearedElsewhere' }
>;

export type SessionEmitted =
  { type: 'session.ended'; reason: 'logout' | 'expired' } | { type: 'session.started' };

export type SessionEndReason = Extract<SessionEmitted, { type: 'session.ended' }>['reason'];

export interface SessionContext {
  session: Session | undefined;
  /** How the last session ended: an expiry leaves the page that saw it up, to show its error. */
  endedBy: SessionEndReason | undefined;
  /** What the server refused in the last registration form, by field (shown under the fields). */
  registrationErrors: FieldMessages;
}
