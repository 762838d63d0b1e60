import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginPage from '../../../src/client/session/LoginPage';
import { SESSION_STORAGE_KEY } from '../../../src/client/session/storage';
import { AuthError } from '../../../src/client/session/authApi';
import { aSession, deferred } from './fixtures';
import { renderWithSession } from './renderWithSession';

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/register', element: <h1>Register page</h1> },
  { path: '/', element: <h1>Home page</h1> },
];

function setup(api = {}) {
  const user = userEvent.setup();
  const rendered = renderWithSession(routes, { path: '/login', api });
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const submit = screen.getByRole('button', { name: 'Login' });
  return { user, email, password, submit, ...rendered };
}

beforeEach(() => localStorage.clear());

describe('Login screen', () => {
  it('shows the heading, typed fields and the link to /register', async () => {
    const { email, password, user, router } = setup();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Login to get access!' }),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('type', 'email');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('link', { name: "Don't have an account?" }));
    expect(router.location.pathname).toBe('/register');
  });

  it('requires both fields, marking them invalid, and sends nothing', async () => {
    const { user, submit, email, password, navigate, notify } = setup();
    await user.click(submit);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(notify).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and a short password', async () => {
    const { user, submit, email, password } = setup();
    await user.type(email, 'alice@');
    await user.type(password, '12345');
    await user.click(submit);
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('validates a field when it loses focus, and clears the message once fixed', async () => {
    const { user, email, password } = setup();
    await user.type(email, 'nope');
    await user.click(password);
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await user.type(email, '@example.com');
    await waitFor(() => expect(screen.queryByText('Invalid email format')).not.toBeInTheDocument());
    expect(email).toHaveAttribute('aria-invalid', 'false');
  });

  it('disables the button with "Loading..." while the call runs, then stores the session and goes to /', async () => {
    const pending = deferred<ReturnType<typeof aSession>>();
    const logIn = jest.fn(() => pending.promise);
    const { user, submit, email, password, notify, router } = setup({ logIn });
    await user.type(email, 'alice@example.com');
    await user.type(password, 'Secret1!');
    await user.click(submit);
    expect(logIn).toHaveBeenCalledWith({ identifier: 'alice@example.com', password: 'Secret1!' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('Loading...');
    pending.resolve(aSession());
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/');
    expect(notify).toHaveBeenCalledWith('Login successful! Redirecting...', 'success');
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(aSession());
  });

  it('toasts the server message on failure and lets the user try again', async () => {
    const logIn = jest.fn(() =>
      Promise.reject(new AuthError('Invalid identifier or password', 400)),
    );
    const { user, submit, email, password, notify } = setup({ logIn });
    await user.type(email, 'alice@example.com');
    await user.type(password, 'Wrong1!');
    await user.click(submit);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Invalid identifier or password', 'error'),
    );
    expect(submit).toBeEnabled();
    expect(submit).toHaveTextContent('Login');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
