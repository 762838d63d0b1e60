import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { RouteErrorBoundary } from '../../../src/client/ui/RouteErrorPage';

function renderThrowing(thrown: unknown) {
  const Throws = () => {
    throw thrown;
  };
  render(
    <MemoryRouter initialEntries={['/broken']}>
      <Link to="/fine">Elsewhere</Link>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Throws />} />
          <Route path="/fine" element={<h1>Fine</h1>} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

describe('route error page', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('an exception shows status 500, "Server Error", its message, and the two ways out', async () => {
    renderThrowing(new Error('chunk failed to load'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Server Error' }),
    ).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByText('chunk failed to load')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('a thrown response keeps its status and text', async () => {
    renderThrowing(new Response(null, { status: 403, statusText: 'Forbidden' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forbidden' })).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
  });

  it('a thrown 404 shows the not-found message', async () => {
    renderThrowing(new Response(null, { status: 404 }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Oops! The page you’re looking for doesn’t exist.',
      }),
    ).toBeInTheDocument();
  });

  it('moving to another path clears the error', async () => {
    renderThrowing(new Error('broken page'));
    await screen.findByRole('heading', { level: 1, name: 'Server Error' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fine' })).toBeInTheDocument();
    expect(screen.queryByText('broken page')).not.toBeInTheDocument();
  });
});
