/** Bulk actions in Chromium against the built server: selection mode, select (by keyboard too), complete, delete with one Undo, Escape. */
import { describeInBrowser, stageForSuite } from './support/browser';
import { createTodoList, registerUser } from './support/session';
import { expectRows, expectFocus, numbered, openTodos, screenshotBoth } from './support/todos-page';

jest.setTimeout(90_000);

describeInBrowser('todos: bulk actions', () => {
  const stage = stageForSuite();

  it('selects rows by keyboard, completes them in one call, deletes them with one Undo that restores them in one call', async () => {
    const session = await registerUser(stage.server.url);
    await createTodoList(stage.server.url, session, [
      { title: 'One' },
      { title: 'Two' },
      { title: 'Three' },
    ]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await expectRows(page, numbered(1, ['One', 'Two', 'Three']));
    const bulkBodies: unknown[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/todos/bulk')
        bulkBodies.push(request.postDataJSON());
    });

    // Keyboard: "Select" starts selection mode; focus a row's selection box and press Space.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select One' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: 'Select Three' }).focus();
    await page.keyboard.press('Space');
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('2 selected', { exact: true }).waitFor();
    expect(
      await page.getByRole('checkbox', { name: 'Select all 3' }).getAttribute('data-indeterminate'),
    ).toBe('true');
    await screenshotBoth(page, 'todos-bulk-selected');

    await bar.getByRole('button', { name: 'Complete' }).click();
    await page.getByText('2 todos completed', { exact: true }).waitFor();
    await page.getByTestId('todo-row').nth(2).getByText('Completed', { exact: true }).waitFor();
    expect(
      await page.getByTestId('todo-row').nth(1).getByText('Pending', { exact: true }).count(),
    ).toBe(1);

    await bar.getByRole('button', { name: 'Delete' }).click();
    const undo = page
      .getByRole('alert')
      .filter({ hasText: '2 todos moved to the trash' })
      .getByRole('button', { name: 'Undo' });
    await expectFocus(undo);
    await expectRows(page, numbered(1, ['Two']));
    await page.keyboard.press('Enter');
    await page.getByText('2 todos restored', { exact: true }).waitFor();
    await expectRows(page, numbered(1, ['One', 'Two', 'Three']));
    expect(bulkBodies.map((body) => (body as { action: string }).action)).toEqual([
      'complete',
      'delete',
      'restore',
    ]);
    await context.close();
  });

  it('Escape clears the selection, and so does a change of filter', async () => {
    const session = await registerUser(stage.server.url);
    await createTodoList(stage.server.url, session, [{ title: 'Alpha' }, { title: 'Beta' }]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await expectRows(page, numbered(1, ['Alpha', 'Beta']));
    const select = page.getByRole('button', { name: 'Select', exact: true });
    await select.click();
    const all = page.getByRole('checkbox', { name: 'Select all 2' });
    await all.check();
    await page.getByText('2 selected', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('2 selected', { exact: true }).waitFor({ state: 'detached' });
    await all.waitFor({ state: 'detached' }); // and selection mode ends

    // Shift-click on a row enters selection mode with that row picked.
    await page.getByRole('heading', { name: 'Alpha' }).click({ modifiers: ['Shift'] });
    await page.getByText('1 selected', { exact: true }).waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    await page.getByText('1 selected', { exact: true }).waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption({ label: 'All' });
    await expectRows(page, numbered(1, ['Alpha', 'Beta']));
    expect(await page.getByRole('checkbox', { name: 'Select Alpha' }).isChecked()).toBe(false);
    await context.close();
  });
});
