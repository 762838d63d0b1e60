import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShortcutsHelp } from '../../../src/client/shortcuts/ShortcutsHelp';
import { useShortcuts } from '../../../src/client/shortcuts/useShortcuts';

function Page({ onAdd, onSearch }: { onAdd(): void; onSearch(): void }) {
  useShortcuts({ add: onAdd, search: onSearch });
  return (
    <>
      <button type="button">Trigger</button>
      <input aria-label="Field" />
      <ShortcutsHelp />
    </>
  );
}

function setup() {
  const onAdd = jest.fn();
  const onSearch = jest.fn();
  render(<Page onAdd={onAdd} onSearch={onSearch} />);
  return { onAdd, onSearch, user: userEvent.setup() };
}

describe('the keyboard shortcuts', () => {
  it('"?" opens "Keyboard shortcuts", listing every shortcut; Esc closes it and focus goes back', async () => {
    const { user } = setup();
    const trigger = screen.getByRole('button', { name: 'Trigger' });
    trigger.focus();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const terms = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['n', 'q', '/', '?', 'Esc', 'Esc', 'Enter', 'Esc']);
    expect(within(dialog).getByText('Add a new todo (on the Todos page)')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Quick add: type a todo in one line (on the Todos and Today pages)'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Close a dialog or a menu')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Leave a text field, so the next key can be a shortcut'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Submit a dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('the help closes with its Close button too', async () => {
    const { user } = setup();
    await user.keyboard('?');
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('"n" and "/" run their handlers, and the key is not typed anywhere', async () => {
    const { user, onAdd, onSearch } = setup();
    await user.keyboard('n/');
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('keys typed in a field stay text', async () => {
    const { user, onAdd, onSearch } = setup();
    const field = screen.getByLabelText('Field');
    await user.type(field, 'n/?');
    expect(field).toHaveValue('n/?');
    expect(onAdd).not.toHaveBeenCalled();
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('no shortcut works while the help is open, nor with Ctrl held', async () => {
    const { user, onAdd } = setup();
    await user.keyboard('{Control>}n{/Control}');
    expect(onAdd).not.toHaveBeenCalled();
    await user.keyboard('?');
    await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.keyboard('n');
    expect(onAdd).not.toHaveBeenCalled();
  });
});
