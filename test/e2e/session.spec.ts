/**
 * The session flows in Chromium against the built app and server: register → login → profile →
 * logout, with the validation messages and toasts on the way; every guard redirect; the 404
 * page; a 401 ending the session. Screenshots of each screen at both widths.
 */
import { expect, test } from './support/fixtures';
import { PHONE, screenshotBoth } from './support/browser';
import { newCredentials, registerUser } from './support/session';
import { expectHeading, openPage, pathOf, storedSession, toast } from './support/session-pages';

const NOT_FOUND = 'Oops! The page you’re looking for doesn’t exist.';

test.describe('session: register, login, profile, logout', () => {
  test('registers, logs in, shows the profile and logs out', async ({ browser, server }) => {
    const credentials = newCredentials('flow');
    const { page, context } = await openPage(browser, `${server.url}/register`);

    // Register: validation first.
    await expectHeading(page, 'Register to get access!');
    await screenshotBoth(page, 'register-empty');
    const registerButton = page.getByRole('button', { name: 'Register' });
    await registerButton.click();
    for (const message of ['Email is required', 'Username is required', 'Password is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    // Found by a plain label, as a person would: nothing else on the page may be labelled Email.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Username', { exact: true }).fill('has space');
    await page.getByLabel('Password', { exact: true }).fill('lowercase1!');
    await registerButton.click();
    await expect(page.getByText('Invalid email format', { exact: true })).toBeVisible();
    await expect(page.getByText('Username cannot contain spaces', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Password must contain at least one uppercase letter', { exact: true }),
    ).toBeVisible();
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
    await expect(
      page.getByText('This password is too common', { exact: true }).first(),
    ).toBeVisible();
    const passwordField = page.getByLabel('Password', { exact: true });
    await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await passwordField.getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('This password is too common');

    // Register for real: toast, then /login after 2 s, signed out.
    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByLabel('Username', { exact: true }).fill(credentials.username);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await registerButton.click();
    await toast(page, 'Registration successful! Welcome aboard.');
    const toastAt = Date.now();
    await screenshotBoth(page, 'register-success');
    await expect(page).toHaveURL(`${server.url}/login`);
    expect(Date.now() - toastAt).toBeGreaterThan(1000);
    expect(await storedSession(page)).toBeNull();

    // Registering the same account again: the server's message.
    await page.goto(`${server.url}/register`);
    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByLabel('Username', { exact: true }).fill(credentials.username);
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await toast(page, 'Email or Username are already taken');
    expect(pathOf(page)).toBe('/register');
    await page.getByRole('link', { name: 'Already have an account?' }).click();

    // Login: validation, a wrong password, then the right one. (The page loads on the click: wait for it.)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Login to get access!' }),
    ).toBeVisible();
    expect(pathOf(page)).toBe('/login');
    await screenshotBoth(page, 'login-empty');
    const loginButton = page.getByRole('button', { name: 'Login' });
    await loginButton.click();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('nobody@');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await loginButton.click();
    await expect(page.getByText('Invalid email format', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Password must be at least 6 characters', { exact: true }),
    ).toBeVisible();
    await screenshotBoth(page, 'login-invalid');
    await page.getByLabel('Email', { exact: true }).fill(credentials.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong1!x');
    await loginButton.click();
    await toast(page, 'Invalid identifier or password');
    await screenshotBoth(page, 'login-server-error');
    expect(pathOf(page)).toBe('/login');

    // The button is disabled and says "Loading..." while the call runs (held back here).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/local', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Password', { exact: true }).fill(credentials.password);
    await loginButton.click();
    const busy = page.getByRole('button', { name: 'Loading...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await screenshotBoth(page, 'login-submitting');
    // The toast lives 2 s of the page's time: the clock stops before it comes (ahead by more than
    // the call takes on a loaded machine), so a slow check cannot miss it.
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    release();
    await toast(page, 'Login successful! Redirecting...');
    await page.clock.resume();
    await expect(page).toHaveURL(`${server.url}/`);
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
    await expect(page).toHaveURL(`${server.url}/profile`);
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
      await expect(main.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(main.getByText(/^(Confirmed|Not Confirmed)$/)).toBeVisible();
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
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    const me = await fetch(`${server.url}/api/users/me`, {
      headers: { authorization: `Bearer ${stored.jwt}` },
    });
    expect(me.status).toBe(401);
    await context.close();
  });

  test.describe('guards', () => {
    for (const path of ['/', '/todos', '/profile'])
      test(`an anonymous visitor at ${path} is sent to /login`, async ({ browser, server }) => {
        const { page, context } = await openPage(browser, `${server.url}${path}`);
        await expect(page).toHaveURL(`${server.url}/login`);
        await expectHeading(page, 'Login to get access!');
        await context.close();
      });

    test('an anonymous visitor may open /register', async ({ browser, server }) => {
      const { page, context } = await openPage(browser, `${server.url}/register`);
      await expectHeading(page, 'Register to get access!');
      expect(pathOf(page)).toBe('/register');
      await context.close();
    });

    test('a signed-in user at /login is sent to /, and may open /, /profile and /register', async ({
      browser,
      server,
    }) => {
      const session = await registerUser(server.url);
      const { page, context } = await openPage(browser, `${server.url}/login`, {
        session,
      });
      await expect(page).toHaveURL(`${server.url}/`);
      await expectHeading(page, `Welcome, ${session.user.username}!`);
      for (const [path, title] of [
        ['/profile', 'Profile'],
        ['/register', 'Register to get access!'],
        ['/', `Welcome, ${session.user.username}!`],
      ]) {
        await page.goto(`${server.url}${path}`);
        await expectHeading(page, title!);
        expect(pathOf(page)).toBe(path);
      }
      await context.close();
    });

    test('a token the server refuses ends the session: the list shows the 401 error page, then /login', async ({
      browser,
      server,
    }) => {
      const session = await registerUser(server.url);
      await fetch(`${server.url}/api/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.jwt}` },
      });
      const { page, context } = await openPage(browser, `${server.url}/todos`, {
        session,
      });
      await expect(page.getByText('401', { exact: true })).toBeVisible();
      await expectHeading(page, 'Missing or invalid credentials');
      expect(await storedSession(page)).toBeNull();
      await page.getByRole('link', { name: 'Go to Home' }).click();
      await expect(page).toHaveURL(`${server.url}/login`);
      await expectHeading(page, 'Login to get access!');
      await context.close();
    });
  });

  test.describe('the 404 page', () => {
    for (const path of ['/no/such/page', '/dev'])
      test(`${path} shows status 404 and the message, signed in or not`, async ({
        browser,
        server,
      }) => {
        const { page, context } = await openPage(browser, `${server.url}${path}`);
        await expectHeading(page, NOT_FOUND);
        await expect(page.getByText('404', { exact: true })).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        if (path === '/no/such/page') await screenshotBoth(page, 'not-found');
        await page.getByRole('link', { name: 'Go to Home' }).click();
        await expect(page).toHaveURL(`${server.url}/login`);
        await context.close();
      });

    test('works at phone width too', { tag: '@phone' }, async ({ browser, server }) => {
      const { page, context } = await openPage(browser, `${server.url}/nope`, {
        viewport: PHONE,
      });
      await expectHeading(page, NOT_FOUND);
      await context.close();
    });
  });
});
