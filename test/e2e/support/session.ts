/** Accounts made through the real API, and a page that starts signed in as one of them. */
import type { BrowserContext } from 'playwright-core';
import type { Session } from '../../../src/shared/api-types';

let counter = 0;

export function newCredentials(prefix = 'user') {
  counter += 1;
  const tag = `${prefix}${Date.now().toString(36)}${counter}`;
  return { email: `${tag}@example.com`, username: tag, password: 'Secret1!' };
}

export async function registerUser(baseUrl: string, credentials = newCredentials()): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Session;
}

/** Stores the session the way the SPA does, before any page script runs. */
export async function signInContext(context: BrowserContext, session: Session): Promise<void> {
  await context.addInitScript((stored) => {
    if (!window.sessionStorage.getItem('e2e-seeded')) {
      window.localStorage.setItem('user', stored);
      window.sessionStorage.setItem('e2e-seeded', '1');
    }
  }, JSON.stringify(session));
}

export async function createTodos(baseUrl: string, session: Session, titles: string[]): Promise<void> {
  for (const title of titles) {
    const response = await fetch(`${baseUrl}/api/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
      body: JSON.stringify({ data: { title } }),
    });
    if (response.status !== 200) throw new Error(`create failed: ${response.status}`);
  }
}
