/** Accounts made through the real API, and a page that starts signed in as one of them. */
import type { BrowserContext } from '@playwright/test';
import type { Session } from '../../../src/shared/api-types';

let counter = 0;

export function newCredentials(prefix = 'user') {
  counter += 1;
  const tag = `${prefix}${Date.now().toString(36)}${counter}`;
  return { email: `${tag}@example.com`, username: tag, password: 'Kiwi#Lamp42' };
}

export async function registerUser(
  baseUrl: string,
  credentials = newCredentials(),
): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200)
    throw new Error(`register failed: ${response.status} ${await response.text()}`);
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

export async function createTodos(
  baseUrl: string,
  session: Session,
  titles: string[],
): Promise<void> {
  for (const title of titles) {
    const response = await fetch(`${baseUrl}/api/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
      body: JSON.stringify({ data: { title } }),
    });
    if (response.status !== 200) throw new Error(`create failed: ${response.status}`);
  }
}

export interface NewTodo {
  title: string;
  completed?: boolean;
}

/** Creates the todos in order (each one newer than the last) and answers their ids. */
export async function createTodoList(
  baseUrl: string,
  session: Session,
  todos: NewTodo[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const todo of todos) {
    const response = await fetch(`${baseUrl}/api/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
      body: JSON.stringify({ data: todo }),
    });
    if (response.status !== 200) throw new Error(`create failed: ${response.status}`);
    ids.push(((await response.json()) as { data: { id: number } }).data.id);
  }
  return ids;
}

/** Changes a todo through the API (which makes it the most recently updated). */
export async function updateTodo(
  baseUrl: string,
  session: Session,
  id: number,
  changes: { title?: string; description?: string | null; completed?: boolean },
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/todos/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
    body: JSON.stringify({ data: changes }),
  });
  if (response.status !== 200) throw new Error(`update failed: ${response.status}`);
}
