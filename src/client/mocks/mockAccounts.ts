/** The mock API's users and bearer tokens: register, log in, log out and who a token belongs to. */
import type { Session, User } from '../../shared/api-types';
import { loginBodySchema, registerBodySchema } from '../../shared/schemas';
import { MockFailure, parseBody } from './mockFailure';

interface Account {
  user: User;
  password: string;
}

const INVALID_LOGIN = 'Invalid identifier or password';

export class MockAccounts {
  private readonly accounts: Account[] = [];
  private readonly tokens = new Map<string, number>();
  private nextId = 1;

  constructor(private readonly now: () => string) {}

  /** Adds an account as a registration would (no checks), with a given id if the caller needs one. */
  add(values: { username: string; email: string; password: string; id?: number }): User {
    const stamp = this.now();
    const id = values.id ?? this.nextId;
    this.nextId = Math.max(this.nextId, id + 1);
    const user: User = {
      id,
      username: values.username,
      email: values.email.toLowerCase(),
      provider: 'local',
      confirmed: true,
      blocked: false,
      createdAt: stamp,
      updatedAt: stamp,
    };
    this.accounts.push({ user, password: values.password });
    return user;
  }

  /** A bearer token for this user; `jwt` picks its text (tests send a fixed one). */
  issueToken(userId: number, jwt = `mock-jwt-${userId}-${this.tokens.size + 1}`): string {
    this.tokens.set(jwt, userId);
    return jwt;
  }

  register(body: unknown): Session {
    const input = parseBody(registerBodySchema, body);
    const taken = this.accounts.some(
      ({ user }) =>
        user.email === input.email.toLowerCase() ||
        user.username.toLowerCase() === input.username.toLowerCase(),
    );
    if (taken)
      throw new MockFailure(400, 'ApplicationError', 'Email or Username are already taken');
    const user = this.add(input);
    return { jwt: this.issueToken(user.id), user };
  }

  logIn(body: unknown): Session {
    const { identifier, password } = parseBody(loginBodySchema, body);
    const wanted = identifier.toLowerCase();
    const account = this.accounts.find(
      ({ user }) => user.email === wanted || user.username.toLowerCase() === wanted,
    );
    if (!account || account.password !== password)
      throw new MockFailure(400, 'ValidationError', INVALID_LOGIN);
    return { jwt: this.issueToken(account.user.id), user: account.user };
  }

  logOut(authorization: string | null): void {
    this.userOf(authorization);
    this.tokens.delete(authorization!.slice('Bearer '.length));
  }

  /** The user a request's `Authorization: Bearer …` names; anything else is the contract's 401. */
  userOf(authorization: string | null): User {
    const id = authorization?.startsWith('Bearer ')
      ? this.tokens.get(authorization.slice('Bearer '.length))
      : undefined;
    const account = this.accounts.find(({ user }) => user.id === id);
    if (!account) throw new MockFailure(401, 'UnauthorizedError', 'Missing or invalid credentials');
    return account.user;
  }
}
