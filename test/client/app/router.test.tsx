import { act, screen } from '@testing-library/react';
import { createRoutes } from '../../../src/client/app/router';
import { aSession, storeSession } from '../session/fixtures';
import { renderWithSession } from '../session/renderWithSession';
import { closeEventStream, startMockApi } from '../support/mockApi';

const NOT_FOUND = 'Oops! The page you’re looking for doesn’t exist.';

function open(path: string, devTools = false) {
  return renderWithSession(createRoutes({ devTools }), { path });
}

const h1 = () => screen.findByRole('heading', { level: 1 });

beforeEach(() => {
  localStorage.clear();
  startMockApi({ tokens: ['jwt-1'] });
  closeEventStream();
});

describe('route guards', () => {
  describe('for an anonymous visitor', () => {
    it.each(['/', '/todos', '/profile', '/inbox', '/projects/1'])(
      '%s redirects to /login',
      async (path) => {
        const { router } = open(path);
        expect(await h1()).toHaveTextContent('Login to get access!');
        expect(router.location.pathname).toBe('/login');
      },
    );

    it.each([
      ['/login', 'Login to get access!'],
      ['/register', 'Register to get access!'],
    ])('%s is open', async (path, heading) => {
      const { router } = open(path);
      expect(await h1()).toHaveTextContent(heading);
      expect(router.location.pathname).toBe(path);
    });
  });

  describe('for a signed-in user', () => {
    beforeEach(() => storeSession(aSession({ username: 'alice' })));

    it('/ greets the user and links to the todos', async () => {
      open('/');
      expect(await h1()).toHaveTextContent('Welcome, alice!');
      expect(screen.getByRole('link', { name: 'Go to my todos' })).toHaveAttribute(
        'href',
        '/todos',
      );
    });

    it('/profile is open', async () => {
      open('/profile');
      expect(await h1()).toHaveTextContent('Profile');
    });

    it('/login redirects to /', async () => {
      const { router } = open('/login');
      expect(await h1()).toHaveTextContent('Welcome, alice!');
      expect(router.location.pathname).toBe('/');
    });

    it('/register stays open', async () => {
      open('/register');
      expect(await h1()).toHaveTextContent('Register to get access!');
    });

    it('a 401 from any call ends the session, and the guard sends the user to /login', async () => {
      const { router, extra } = open('/profile');
      expect(await h1()).toHaveTextContent('Profile');
      expect(extra().getToken()).toBe('jwt-1');
      act(() => extra().onUnauthorized());
      expect(await h1()).toHaveTextContent('Login to get access!');
      expect(router.location.pathname).toBe('/login');
      expect(extra().getToken()).toBeUndefined();
      expect(localStorage.length).toBe(0);
    });
  });

  describe('unknown paths', () => {
    it.each(['/nope', '/todos/extra/segments', '/dev'])('%s shows the 404 page', async (path) => {
      open(path);
      expect(await h1()).toHaveTextContent(NOT_FOUND);
      expect(screen.getByText('404')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    });

    it('the dev gallery exists only with devTools on', async () => {
      open('/dev', true);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Visual gallery' }),
      ).toBeInTheDocument();
    });
  });

  it('every page keeps the navbar and the footer', async () => {
    open('/nope');
    await h1();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ticklist' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
  });
});
