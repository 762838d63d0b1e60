import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RegisterPage from '../../../src/client/session/RegisterPage';
import { AuthError } from '../../../src/client/session/authApi';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { aSession, deferred } from './fixtures';
import { renderWithSession } from './renderWithSession';

const routes = [
  { path: '/register', Component: RegisterPage },
  { path: '/login', element: <h1>Login page</h1> },
];

function setup(api = {}) {
  const user = userEvent.setup();
  const rendered = renderWithSession(routes, { path: '/register', api });
  return {
    user,
    email: screen.getByLabelText('Email'),
    username: screen.getByLabelText('Username'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Register' }),
    ...rendered,
  };
}

beforeEach(() => localStorage.clear());

describe('Register screen', () => {
  it('shows the heading, the three fields and the link to /login', async () => {
    const { user, email, password, router } = setup();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Register to get access!' }),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('type', 'email');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('link', { name: 'Already have an account?' }));
    expect(router.location.pathname).toBe('/login');
  });

  it('requires every field', async () => {
    const { user, submit, email, username, password } = setup();
    await user.click(submit);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    for (const field of [email, username, password])
      expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects a malformed email', async () => {
    const { user, submit, email } = setup();
    await user.type(email, 'bob@');
    await user.click(submit);
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['bo', 'Username must be at least 3 characters'],
    ['bob smith', 'Username cannot contain spaces'],
    ['bob-smith', 'Username can only contain letters, numbers, and underscores'],
  ])('username %p: %s', async (value, message) => {
    const { user, submit, username } = setup();
    await user.type(username, value);
    await user.click(submit);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription(message);
  });

  it.each([
    ['Ab1!', 'Password must be at least 6 characters'],
    ['ABCDEF1!', 'Password must contain at least one lowercase letter'],
    ['abcdef1!', 'Password must contain at least one uppercase letter'],
    ['Abcdefg!', 'Password must contain at least one number'],
    ['Abcdefg1', 'Password must contain at least one special character'],
  ])('password %p: %s', async (value, message) => {
    const { user, submit, password } = setup();
    await user.type(password, value);
    await user.click(submit);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('disables the button with "Loading..." while the call runs, toasts, and goes to /login after 2 s without signing in', async () => {
    const pending = deferred<ReturnType<typeof aSession>>();
    const register = jest.fn(() => pending.promise);
    const { user, submit, email, username, password, notify, router } = setup({ register });
    await user.type(email, 'bob@example.com');
    await user.type(username, 'bob_1');
    await user.type(password, 'Secret1!');
    await user.click(submit);
    expect(register).toHaveBeenCalledWith({
      email: 'bob@example.com',
      username: 'bob_1',
      password: 'Secret1!',
    });
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('Loading...');
    jest.useFakeTimers();
    try {
      pending.resolve(aSession());
      await waitFor(() =>
        expect(notify).toHaveBeenCalledWith('Registration successful! Welcome aboard.', 'success'),
      );
      expect(router.location.pathname).toBe('/register');
      expect(submit).toBeDisabled();
      act(() => jest.advanceTimersByTime(1999));
      expect(router.location.pathname).toBe('/register');
      act(() => jest.advanceTimersByTime(1));
      await waitFor(() => expect(router.location.pathname).toBe('/login'));
    } finally {
      jest.useRealTimers();
    }
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('toasts the server message on failure and stays', async () => {
    const register = jest.fn(() =>
      Promise.reject(new AuthError('Email or Username are already taken', 400)),
    );
    const { user, submit, email, username, password, notify, router } = setup({ register });
    await user.type(email, 'bob@example.com');
    await user.type(username, 'bob_1');
    await user.type(password, 'Secret1!');
    await user.click(submit);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Email or Username are already taken', 'error'),
    );
    expect(submit).toBeEnabled();
    expect(router.location.pathname).toBe('/register');
  });

  it("shows the server's refusal of a field under that field, and clears it when the field is fixed", async () => {
    const register = jest.fn(() =>
      Promise.reject(
        new AuthError('This password is too common', 400, {
          password: 'This password is too common',
        }),
      ),
    );
    const { user, submit, email, username, password, notify } = setup({ register });
    await user.type(email, 'bob@example.com');
    await user.type(username, 'bob_1');
    await user.type(password, 'Password1!');
    await user.click(submit);
    const message = await screen.findByText('This password is too common', { selector: 'p' });
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('This password is too common');
    expect(notify).toHaveBeenCalledWith('This password is too common', 'error');
    expect(username).toHaveAttribute('aria-invalid', 'false');
    await user.type(password, 'x');
    await waitFor(() => expect(message).not.toBeInTheDocument());
    expect(password).toHaveAttribute('aria-invalid', 'false');
  });
});
