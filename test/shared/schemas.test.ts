import * as v from 'valibot';
import { loginSchema, registerSchema, todoFormSchema } from '../../src/shared/schemas';

/** The first message for each field, as a form shows it. */
const firstMessages = (schema: v.GenericSchema, input: unknown): Record<string, string> => {
  const result = v.safeParse(schema, input);
  const messages: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const key = v.getDotPath(issue) ?? '';
    messages[key] ??= issue.message;
  }
  return messages;
};

const valid = { email: 'ann@example.com', username: 'ann_1', password: 'Secret1!' };

describe('login form schema', () => {
  it.each([
    [
      { identifier: '', password: '' },
      { identifier: 'Email is required', password: 'Password is required' },
    ],
    [
      { identifier: 'ann', password: '12345' },
      { identifier: 'Invalid email format', password: 'Password must be at least 6 characters' },
    ],
    [{ identifier: 'ann@example.com', password: '123456' }, {}],
  ])('%j → %j', (input, expected) => expect(firstMessages(loginSchema, input)).toEqual(expected));
});

describe('register form schema', () => {
  it.each([
    [{ username: '' }, 'Username is required'],
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: 'ann smith' }, 'Username cannot contain spaces'],
    [{ username: 'ann-smith' }, 'Username can only contain letters, numbers, and underscores'],
    [{ password: '' }, 'Password is required'],
    [{ password: 'Ab1!' }, 'Password must be at least 6 characters'],
    [{ password: 'SECRET1!' }, 'Password must contain at least one lowercase letter'],
    [{ password: 'secret1!' }, 'Password must contain at least one uppercase letter'],
    [{ password: 'Secret!!' }, 'Password must contain at least one number'],
    [{ password: 'Secret11' }, 'Password must contain at least one special character'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'nope' }, 'Invalid email format'],
  ])('%j → "%s"', (change, message) => {
    const messages = firstMessages(registerSchema, { ...valid, ...change });
    expect(Object.values(messages)).toEqual([message]);
  });

  it('accepts a valid registration', () =>
    expect(v.safeParse(registerSchema, valid).success).toBe(true));
});

describe('todo form schema', () => {
  it('requires a title, trimmed', () => {
    expect(firstMessages(todoFormSchema, { title: '', description: '' })).toEqual({
      title: 'Title is required',
    });
    expect(firstMessages(todoFormSchema, { title: '   ' })).toEqual({ title: 'Title is required' });
    expect(v.parse(todoFormSchema, { title: '  Milk ' })).toEqual({
      title: 'Milk',
      description: '',
    });
  });

  it('keeps the spec’s minimum-length message among the title rules', () => {
    const issues = v.safeParse(todoFormSchema, { title: '' }).issues ?? [];
    expect(issues.map((issue) => issue.message)).toContain('Title must be at least 1 characters');
  });
});
