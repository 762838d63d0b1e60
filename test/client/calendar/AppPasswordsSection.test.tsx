/**
 * The profile's "App passwords" section against /api/app-passwords (MSW): the list with its dates,
 * Create (a name, then the password shown once with Copy buttons and the CalDAV URL), and Revoke,
 * which asks first.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { createAppStore } from '../../../src/client/app/store';
import { AppPasswordsSection } from '../../../src/client/calendar/AppPasswordsSection';
import { useApiExtra } from '../../../src/client/session/SessionProvider';
import { aSession, storeSession } from '../session/fixtures';
import { renderWithSession } from '../session/renderWithSession';
import { apiUrl, startMockApi, type MockApi } from '../support/mockApi';
import { server } from '../support/mswServer';

interface Row {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

let rows: Row[];
let mock: MockApi;

function Section() {
  const extra = useApiExtra();
  const [store] = useState(() => createAppStore(extra));
  return (
    <Provider store={store}>
      <AppPasswordsSection />
    </Provider>
  );
}

beforeEach(() => {
  localStorage.clear();
  storeSession(aSession({ username: 'alice' }));
  rows = [
    { id: 1, name: 'iPhone', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: null },
    {
      id: 2,
      name: 'Thunderbird',
      createdAt: '2026-11-21T09:00:00.000Z',
      lastUsedAt: '2026-11-26T18:30:00.000Z',
    },
  ];
  mock = startMockApi({ tokens: ['jwt-1'] });
  server.use(
    http.get(apiUrl('app-passwords'), () => HttpResponse.json({ data: rows, meta: {} })),
    http.post(apiUrl('app-passwords'), async ({ request }) => {
      const { data } = (await request.json()) as { data: { name: string } };
      const row = {
        id: 3,
        name: data.name.trim(),
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
      };
      rows = [...rows, row];
      return HttpResponse.json({ data: { ...row, password: 'ABCD-EFGH-IJKL-MNOP' }, meta: {} });
    }),
    http.delete(apiUrl('app-passwords/:id'), ({ params }) => {
      rows = rows.filter((row) => row.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

const list = () => screen.findByRole('list', { name: 'App passwords' });

it('lists the app passwords with when each was made and last used', async () => {
  renderWithSession([{ path: '*', element: <Section /> }]);
  expect(screen.getByRole('heading', { level: 2, name: 'App passwords' })).toBeInTheDocument();
  const items = within(await list()).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^iPhoneCreated Nov.*20, 2026.*· Never usedRevoke$/),
    expect.stringMatching(/^ThunderbirdCreated Nov.*21, 2026.*· Last used Nov.*26, 2026.*Revoke$/),
  ]);
});

it('creates one: asks a name, shows the password once with Copy and the CalDAV URL', async () => {
  const user = userEvent.setup();
  const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  renderWithSession([{ path: '*', element: <Section /> }]);
  await list();
  await user.click(screen.getByRole('button', { name: 'Create app password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create app password' });
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(await within(dialog).findByText(/name must be/)).toBeInTheDocument();
  expect(mock.requestsTo('POST', '/api/app-passwords')).toHaveLength(0);

  await user.type(within(dialog).getByLabelText('Name'), 'Pixel');
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
  const shown = await screen.findByRole('dialog', { name: 'App password for Pixel' });
  expect(within(shown).getByText(/shown only this once/)).toBeInTheDocument();
  expect(within(shown).getByLabelText('Password')).toHaveValue('ABCD-EFGH-IJKL-MNOP');
  expect(within(shown).getByLabelText('Username')).toHaveValue('alice');
  expect(within(shown).getByLabelText('CalDAV URL')).toHaveValue('http://localhost/dav/');
  await user.click(within(shown).getByRole('button', { name: 'Copy password' }));
  expect(writeText).toHaveBeenCalledWith('ABCD-EFGH-IJKL-MNOP');
  await user.click(within(shown).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await within(await list()).findByText('Pixel')).toBeInTheDocument();
  expect(screen.queryByText('ABCD-EFGH-IJKL-MNOP')).not.toBeInTheDocument();
});

it('revokes one only after asking', async () => {
  const user = userEvent.setup();
  renderWithSession([{ path: '*', element: <Section /> }]);
  await list();
  await user.click(screen.getByRole('button', { name: 'Revoke iPhone' }));
  const ask = await screen.findByRole('dialog', { name: 'Revoke this app password?' });
  expect(ask).toHaveTextContent('iPhone will no longer sync');
  await user.click(within(ask).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(mock.requestsTo('DELETE', '/api/app-passwords/1')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Revoke iPhone' }));
  const again = await screen.findByRole('dialog', { name: 'Revoke this app password?' });
  await user.click(within(again).getByRole('button', { name: 'Revoke' }));
  expect(await screen.findByText('App password revoked.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('iPhone')).not.toBeInTheDocument());
  expect(mock.requestsTo('DELETE', '/api/app-passwords/1')).toHaveLength(1);
  expect(within(await list()).getByText('Thunderbird')).toBeInTheDocument();
});
