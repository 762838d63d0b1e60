import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useSearchParams } from 'react-router-dom';
import { useLatestSearchParams } from '../../../src/client/lib/useLatestSearchParams';

/** Two changes before the next render, as a busy device makes them (the sort field, then the order). */
function TwoQuickChanges({ hook }: { hook: typeof useLatestSearchParams }) {
  const [params, update] = hook();
  const set = (key: string, value: string) =>
    update((current) => {
      current.set(key, value);
      return current;
    });
  return (
    <>
      <button type="button" onClick={() => (set('sort', 'createdAt'), set('order', 'asc'))}>
        change
      </button>
      <output>{params.toString()}</output>
    </>
  );
}

function renderAt(hook: typeof useLatestSearchParams, path: string) {
  const router = createMemoryRouter(
    [{ path: '/todos', element: <TwoQuickChanges hook={hook} /> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useLatestSearchParams', () => {
  it('keeps both of two changes made before a render', async () => {
    const router = renderAt(useLatestSearchParams, '/todos?sort=title&order=desc');
    await act(async () => screen.getByRole('button', { name: 'change' }).click());
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sort: 'createdAt',
      order: 'asc',
    });
    expect(screen.getByRole('status')).toHaveTextContent('sort=createdAt&order=asc');
  });

  it('starts again from a navigation made elsewhere (back, a link)', async () => {
    const router = renderAt(useLatestSearchParams, '/todos?sort=title');
    await act(async () => screen.getByRole('button', { name: 'change' }).click());
    await act(async () => router.navigate('/todos?page=3'));
    await act(async () => screen.getByRole('button', { name: 'change' }).click());
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      page: '3',
      sort: 'createdAt',
      order: 'asc',
    });
  });

  it("is needed: React Router's own hook loses the first of the two changes", async () => {
    const router = renderAt(
      () => useSearchParams() as ReturnType<typeof useLatestSearchParams>,
      '/todos?sort=title&order=desc',
    );
    await act(async () => screen.getByRole('button', { name: 'change' }).click());
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('title');
  });
});
