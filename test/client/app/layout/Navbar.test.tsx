import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COLOR_MODE_STORAGE_KEY, SYSTEM_DARK_QUERY } from '../../../../src/client/app/colorScheme';
import { Navbar } from '../../../../src/client/app/layout/Navbar';
import { themeProviderProps } from '../../../../src/client/app/theme';
import { aSession, deferred, storeSession } from '../../session/fixtures';
import { renderWithSession } from '../../session/renderWithSession';

const routes = [
  {
    path: '*',
    element: (
      <>
        <Navbar />
        <p>outside</p>
      </>
    ),
  },
];

beforeEach(() => localStorage.clear());

describe('navbar, signed out', () => {
  it('has the brand linking to / and the Register and Login links', () => {
    renderWithSession(routes);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Ticklist' })).toHaveAttribute('href', '/');
    expect(within(nav).getAllByRole('link', { name: 'Register' })[0]).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(nav).getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(nav).queryByRole('link', { name: 'Todos' })).not.toBeInTheDocument();
  });
});

describe('navbar, signed in', () => {
  beforeEach(() => storeSession(aSession({ username: 'alice' })));

  it('has the Todos link and the user menu named after the user, instead of Register and Login', async () => {
    renderWithSession(routes);
    expect(screen.getByRole('link', { name: 'Todos' })).toHaveAttribute('href', '/todos');
    expect(await screen.findByRole('button', { name: 'alice' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('the user menu holds Profile and Logout, and closes on an outside click', async () => {
    const user = userEvent.setup();
    const { router } = renderWithSession(routes);
    const button = await screen.findByRole('button', { name: 'alice' });
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Trash' })).toHaveAttribute('href', '/trash');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
    // MUI puts an invisible backdrop under the menu: a click anywhere else lands on it.
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop as Element);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(router.location.pathname).toBe('/profile');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('Logout signs out: the call runs, the toast shows, the bar switches to Register and Login', async () => {
    const user = userEvent.setup();
    const pending = deferred<void>();
    const logOut = jest.fn(() => pending.promise);
    const { notify } = renderWithSession(routes, { api: { logOut } });
    await user.click(await screen.findByRole('button', { name: 'alice' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(logOut).toHaveBeenCalledWith({ jwt: 'jwt-1' });
    pending.resolve();
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Logout successful! Redirecting...', 'success'),
    );
    expect(screen.queryByRole('button', { name: 'alice' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(localStorage.length).toBe(0);
  });

  it('the small-screen toggle opens and closes a menu with the same items', async () => {
    const user = userEvent.setup();
    const { router } = renderWithSession(routes);
    const toggle = screen.getByRole('button', { name: 'Open navigation menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close navigation menu');
    // The menu's code loads on the toggle's first use, then the menu is there.
    const menu = await waitFor(() => {
      const found = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(found).not.toBeNull();
      return found;
    });
    const inMenu = within(menu as HTMLElement);
    expect(inMenu.getByText('alice')).toBeInTheDocument();
    expect(inMenu.getByRole('link', { name: 'Todos' })).toHaveAttribute('href', '/todos');
    expect(inMenu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(inMenu.getByRole('link', { name: 'Trash' })).toHaveAttribute('href', '/trash');
    expect(inMenu.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.click(inMenu.getByRole('link', { name: 'Profile' }));
    expect(router.location.pathname).toBe('/profile');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('outside'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the colour scheme toggle', () => {
  let systemDark = false;
  const original = window.matchMedia;

  beforeEach(() => {
    systemDark = false;
    window.matchMedia = jest.fn((query: string) => ({
      matches: query === SYSTEM_DARK_QUERY && systemDark,
      media: query,
      onchange: null,
      addListener: jest.fn(),
      removeListener: jest.fn(),
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
      dispatchEvent: jest.fn(() => false),
    }));
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  const themed = [
    {
      path: '*',
      element: (
        <ThemeProvider {...themeProviderProps}>
          <CssBaseline enableColorScheme />
          <Navbar />
        </ThemeProvider>
      ),
    },
  ];
  /** The scheme on screen, read from the page's background colour (CssBaseline paints the body). */
  const shown = () =>
    ({ 'rgb(18, 18, 18)': 'dark', 'rgb(255, 255, 255)': 'light' })[
      getComputedStyle(document.body).backgroundColor
    ];

  it('follows a dark system, and a press switches to light and is stored', async () => {
    systemDark = true;
    const user = userEvent.setup();
    renderWithSession(themed);
    const toggle = screen.getByRole('button', { name: 'Switch to light theme' });
    expect(shown()).toBe('dark');
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Switch to dark theme');
    expect(shown()).toBe('light');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('light');
    // Back to the system's scheme: the app follows the system again.
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Switch to light theme');
    expect(shown()).toBe('dark');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('system');
  });

  it('starts from the stored choice over the system', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    renderWithSession(themed);
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(shown()).toBe('dark');
  });

  it('is in the bar signed in too, and works by keyboard', async () => {
    storeSession(aSession({ username: 'alice' }));
    const user = userEvent.setup();
    renderWithSession(themed);
    const toggle = screen.getByRole('button', { name: 'Switch to dark theme' });
    for (let presses = 0; presses < 10 && document.activeElement !== toggle; presses += 1) {
      await user.tab();
    }
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(shown()).toBe('dark');
    await user.keyboard(' ');
    expect(shown()).toBe('light');
  });
});
