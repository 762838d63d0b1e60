/**
 * The session flows in Chromium against the built app and server: register → login → profile →
 * logout, with the validation messages and toasts on the way; every guard redirect; the 404
 * page; a 401 ending the session. Screenshots of each screen at both widths.
 */
import { describeInBrowser, PHONE, stageForSuite } from './support/browser';
import { newCredentials, registerUser } from './support/session';
import {
  expectHeading,
  openPage,
  pathOf,
  screenshotBoth,
  storedSession,
  toast,
} from './support/session-pages';

jest.setTimeout(60_000);

const NOT_FOUND = 'Oops! The page you’re looking for doesn’t exist.';

describeInBrowser('session: register, login, profile, logout', () => {
  const stage = stageForSuite();

  it('registers, logs in, shows the profile and logs out', async () => {
    const credentials = newCredentials('flow');
    const { page, context } = await openPage(stage.browser, `${stage.server.url}/register`);

    // Register: validation first.
    await expectHeading(page, 'Register to get access!');
    await screenshotBoth(page, 'register-empty');
    const registerButton = page.getByRole('button', { name: 'Register' });
    await registerButton.click();
    for (const message of ['Email is required', 'Username is required', 'Password is required']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // Found by a plain label, as a person would: nothing else on the page may be labelled Email.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Username', { exact: true }).fill('has space');
    await page.getByLabel('Password', { exact: true }).fill('lowercase1!');
    await registerButton.click();
    await page.getByText('Invalid email format', { exact: true }).waitFor();
    await page.getByText('Username cannot contain spaces', { exact: true }).waitFor();
    await page
      .getByText('Password must contain at least one uppercase letter', { exact: true })
      .waitFor();
    // The border turns red: MUI's error colour on the outline.
    const border = await page
      .getByLabel('Email', { exact: true })
      .locator('xpath=following-sibling::fieldset')
      .evaluate((element) => getComputedStyle(element).borderTopColor);
    expect(border).toBe('rgb(211, 47, 47)');
    await screenshotBoth(page, 'register-invalid');

    // A password the rules allow but breaches made common: the server's refusal under the field.
    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByLabel('Username', { exact: true }).fill(credentials.username);
    await page.getByLabel('Password', { exact: true }).fill('Password1!');
    await registerButton.click();
    await page.getByText('This password is too common', { exact: true }).first().waitFor();
    const passwordField = page.getByLabel('Password', { exact: true });
    expect(await passwordField.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await passwordField.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'This password is too common',
    );

    // Register for real: toast, then /login after 2 s, signed out.
    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByLabel('Username', { exact: true }).fill(credentials.username);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await registerButton.click();
    await toast(page, 'Registration successful! Welcome aboard.');
    const toastAt = Date.now();
    await screenshotBoth(page, 'register-success');
    await page.waitForURL(`${stage.server.url}/login`, { timeout: 10_000 });
    expect(Date.now() - toastAt).toBeGreaterThan(1000);
    expect(await storedSession(page)).toBeNull();

    // Registering the same account again: the server's message.
    await page.goto(`${stage.server.url}/register`);
    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByLabel('Username', { exact: true }).fill(credentials.username);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await toast(page, 'Email or Username are already taken');
    expect(pathOf(page)).toBe('/register');
    await page.getByRole('link', { name: 'Already have an account?' }).click();

    // Login: validation, a wrong password, then the right one. (The page loads on the click: wait for it.)
    await page.getByRole('heading', { level: 1, name: 'Login to get access!' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await screenshotBoth(page, 'login-empty');
    const loginButton = page.getByRole('button', { name: 'Login' });
    await loginButton.click();
    await page.getByText('Email is required', { exact: true }).waitFor();
    await page.getByText('Password is required', { exact: true }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('nobody@');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await loginButton.click();
    await page.getByText('Invalid email format', { exact: true }).waitFor();
    await page.getByText('Password must be at least 6 characters', { exact: true }).waitFor();
    await screenshotBoth(page, 'login-invalid');
    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong1!x');
    await loginButton.click();
    await toast(page, 'Invalid identifier or password');
    await screenshotBoth(page, 'login-server-error');
    expect(pathOf(page)).toBe('/login');

    // The button is disabled and says "Loading..." while the call runs (held back here).
    await page.route('**/api/auth/local', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await loginButton.click();
    const busy = page.getByRole('button', { name: 'Loading...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    await screenshotBoth(page, 'login-submitting');
    await toast(page, 'Login successful! Redirecting...');
    await page.waitForURL(`${stage.server.url}/`);
    await page.unroute('**/api/auth/local');
    await expectHeading(page, `Welcome, ${credentials.username}!`);
    const stored = (await storedSession(page)) as {
      jwt: string;
      user: { username: string; email: string };
    };
    expect(typeof stored.jwt).toBe('string');
    expect(stored.user).toMatchObject({ username: credentials.username, email: credentials.email });
    await screenshotBoth(page, 'home');

    // Profile, through the user menu.
    await page.getByRole('button', { name: credentials.username }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${stage.server.url}/profile`);
    await expectHeading(page, 'Profile');
    const main = page.getByRole('main');
    for (const text of [
      'Username:',
      credentials.username,
      'Email:',
      credentials.email,
      'Provider:',
      'local',
      'Account Status:',
      'Account:',
      'Active',
    ]) {
      await main.getByText(text, { exact: true }).waitFor();
    }
    await main.getByText(/^(Confirmed|Not Confirmed)$/).waitFor();
    await screenshotBoth(page, 'profile');

    // A reload keeps the session (read from storage at start).
    await page.reload();
    await expectHeading(page, 'Profile');

    // Logout: the token is revoked, the session removed, a toast, and / (which is /login now) after 1 s.
    const loggedOut = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/logout'),
    );
    await page.getByRole('button', { name: credentials.username }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(204);
    await toast(page, 'Logout successful! Redirecting...');
    expect(await storedSession(page)).toBeNull();
    await page.waitForURL(`${stage.server.url}/login`);
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    const me = await fetch(`${stage.server.url}/api/users/me`, {
      headers: { authorization: `Bearer ${stored.jwt}` },
    });
    expect(me.status).toBe(401);
    await context.close();
  });

  describe('guards', () => {
    it.each(['/', '/todos', '/profile'])(
      'an anonymous visitor at %s is sent to /login',
      async (path) => {
        const { page, context } = await openPage(stage.browser, `${stage.server.url}${path}`);
        await page.waitForURL(`${stage.server.url}/login`);
        await expectHeading(page, 'Login to get access!');
        await context.close();
      },
    );

    it('an anonymous visitor may open /register', async () => {
      const { page, context } = await openPage(stage.browser, `${stage.server.url}/register`);
      await expectHeading(page, 'Register to get access!');
      expect(pathOf(page)).toBe('/register');
      await context.close();
    });

    it('a signed-in user at /login is sent to /, and may open /, /profile and /register', async () => {
      const session = await registerUser(stage.server.url);
      const { page, context } = await openPage(stage.browser, `${stage.server.url}/login`, {
        session,
      });
      await page.waitForURL(`${stage.server.url}/`);
      await expectHeading(page, `Welcome, ${session.user.username}!`);
      for (const [path, title] of [
        ['/profile', 'Profile'],
        ['/register', 'Register to get access!'],
        ['/', `Welcome, ${session.user.username}!`],
      ]) {
        await page.goto(`${stage.server.url}${path}`);
        await expectHeading(page, title!);
        expect(pathOf(page)).toBe(path);
      }
      await context.close();
    });

    it('a token the server refuses ends the session: the list shows the 401 error page, then /login', async () => {
      const session = await registerUser(stage.server.url);
      await fetch(`${stage.server.url}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.jwt}` },
      });
      const { page, context } = await openPage(stage.browser, `${stage.server.url}/todos`, {
        session,
      });
      await page.getByText('401', { exact: true }).waitFor({ timeout: 15_000 });
      await expectHeading(page, 'Missing or invalid credentials');
      expect(await storedSession(page)).toBeNull();
      await page.getByRole('link', { name: 'Go to Home' }).click();
      await page.waitForURL(`${stage.server.url}/login`, { timeout: 15_000 });
      await expectHeading(page, 'Login to get access!');
      await context.close();
    });
  });

  describe('the 404 page', () => {
    it.each(['/no/such/page', '/dev'])(
      '%s shows status 404 and the message, signed in or not',
      async (path) => {
        const { page, context } = await openPage(stage.browser, `${stage.server.url}${path}`);
        await expectHeading(page, NOT_FOUND);
        await page.getByText('404', { exact: true }).waitFor();
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        if (path === '/no/such/page') await screenshotBoth(page, 'not-found');
        await page.getByRole('link', { name: 'Go to Home' }).click();
        await page.waitForURL(`${stage.server.url}/login`);
        await context.close();
      },
    );

    it('works at phone width too', async () => {
      const { page, context } = await openPage(stage.browser, `${stage.server.url}/nope`, {
        viewport: PHONE,
      });
      await expectHeading(page, NOT_FOUND);
      await context.close();
    });
  });
});
