/**
 * The three auth calls the session machine makes. They are plain `fetch` calls (not RTK Query)
 * because their results feed the session itself, which RTK Query's headers are read from.
 */
import type { Session } from '../../shared/api-types';
import { isSession } from './storage';
import type { LoginForm, RegisterForm } from '../../shared/schemas';
import { API_BASE, clientConfig } from '../config';

const AUTH_TIMEOUT_MS = 2000;

/** A field's message from the server, e.g. `{ password: 'This password is too common' }`. */
export type FieldMessages = Partial<Record<string, string>>;

/**
 * A failed auth call; `serverMessage` is the server's `error.message` when it sent one, and
 * `fieldMessages` what its ValidationError said of each field (`error.details.errors`).
 */
export class AuthError extends Error {
  constructor(
    readonly serverMessage: string | undefined,
    readonly status: number | undefined,
    readonly fieldMessages: FieldMessages = {},
  ) {
    super(serverMessage ?? `Request failed${status ? ` with status ${status}` : ''}`);
    this.name = 'AuthError';
  }
}

/** The server's message for a failed call, else the fallback text the spec gives. */
export function authErrorMessage(error: unknown, fallback: string): string {
  return error instanceof AuthError && error.serverMessage ? error.serverMessage : fallback;
}

const messageOf = (body: unknown): string | undefined => {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
};

/** The first message the server gave for each top-level field of a ValidationError. */
export function fieldMessagesOf(body: unknown): FieldMessages {
  const errors = (body as { error?: { details?: { errors?: unknown } } } | null)?.error?.details
    ?.errors;
  const messages: FieldMessages = {};
  if (!Array.isArray(errors)) return messages;
  for (const error of errors as { path?: unknown; message?: unknown }[]) {
    const field = Array.isArray(error?.path) ? error.path[0] : undefined;
    if (typeof field === 'string' && typeof error.message === 'string' && !messages[field])
      messages[field] = error.message;
  }
  return messages;
}

async function post(
  path: string,
  body: unknown,
  options: { jwt?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), AUTH_TIMEOUT_MS);
  const abort = () => controller.abort();
  options.signal?.addEventListener('abort', abort);
  try {
    // No content-type without a body: a JSON content-type with an empty body is a 400.
    const headers: Record<string, string> =
      body === undefined ? {} : { 'content-type': 'application/json' };
    if (options.jwt) headers.authorization = `Bearer ${options.jwt}`;
    return await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    throw new AuthError(undefined, undefined);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abort);
  }
}

async function sessionFrom(response: Response): Promise<Session> {
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status !== 200 || !isSession(body))
    throw new AuthError(messageOf(body), response.status, fieldMessagesOf(body));
  return body;
}

export async function requestLogin(form: LoginForm, signal?: AbortSignal): Promise<Session> {
  return sessionFrom(
    await post('/auth/local', { identifier: form.identifier, password: form.password }, { signal }),
  );
}

export async function requestRegistration(
  form: RegisterForm,
  signal?: AbortSignal,
): Promise<Session> {
  return sessionFrom(
    await post(
      '/auth/local/register',
      { email: form.email, username: form.username, password: form.password },
      { signal },
    ),
  );
}

/**
 * Revokes the token on the server. Best effort: the caller signs out whatever happens. Strapi has
 * no logout route (it answers 405, which the browser logs as an error), so there is no call to
 * make: its token stays valid until it expires.
 */
export async function requestLogout(jwt: string, signal?: AbortSignal): Promise<void> {
  if (clientConfig.apiFlavor === 'strapi') return;
  await post('/auth/logout', undefined, { jwt, signal });
}
