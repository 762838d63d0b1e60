/**
 * Labels in Chromium, a newcomer's flow by mouse and keyboard: make a label in the drawer, add a
 * todo with `@label` in quick add and see its chip, filter by the label from the drawer (the chip
 * above the list removes the filter), label another todo in its dialog, take the label off both and
 * put it back from the selection bar's Label… menu, rename the label and
 * delete it (its todos stay); on a phone, the labels in the navbar's menu and rows of chips that
 * never scroll sideways at 390 px.
 */
import type { Page } from '@playwright/test';
import type { Session } from '../../src/shared/api-types';
import { expect, test } from './support/fixtures';
import { PHONE, screenshot } from './support/browser';
import { createTodos } from './support/session';

const drawerOf = (page: Page) => page.getByRole('navigation', { name: 'Lists' });
const rowOf = (page: Page, title: string) =>
  page.getByTestId('todo-row').filter({ has: page.getByRole('heading', { name: title }) });
const chipsOf = (page: Page, title: string) =>
  rowOf(page, title).getByRole('list', { name: 'Labels' }).getByRole('listitem');
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function createLabel(url: string, session: Session, name: string): Promise<number> {
  const response = await fetch(`${url}/api/labels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
    body: JSON.stringify({ data: { name } }),
  });
  if (response.status !== 200) throw new Error(`label create failed: ${response.status}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test.describe('labels', () => {
  test('make one in the drawer, @label in quick add, filter by it, label in the dialog, rename, delete keeps the todos', async ({
    page,
    server,
    session,
  }) => {
    await createTodos(server.url, session, ['Pay the plumber']);
    await page.goto(`${server.url}/todos`);
    await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
    const drawer = drawerOf(page);
    await expect(drawer.getByText('No labels yet')).toBeVisible();

    // Make a label by keyboard: the name has the focus, an arrow key picks a colour, Enter saves.
    await drawer.getByRole('button', { name: 'Add label' }).click();
    const add = page.getByRole('dialog', { name: 'Add label' });
    await expect(add.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.type('Errands');
    await add.getByRole('radio', { name: 'Grey' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(add.getByRole('radio', { name: 'Red' })).toBeChecked();
    await add.getByRole('textbox', { name: 'Name' }).press('Enter');
    await expect(page.getByText('Label "Errands" added!')).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Errands', exact: true })).toBeVisible();

    // Quick add: @errands (any case) is the label, said under the field, out of the title.
    const quickAdd = page.getByRole('textbox', { name: 'Quick add' });
    await quickAdd.fill('Buy milk @ERRANDS @someday');
    await expect(page.getByText('Label Errands')).toBeVisible();
    await quickAdd.press('Enter');
    await expect(page.getByRole('heading', { name: 'Buy milk @someday' })).toBeVisible();
    await expect(chipsOf(page, 'Buy milk @someday')).toHaveText(['Errands']);
    await expect(drawer.getByRole('link', { name: 'Errands 1 open' })).toBeVisible();
    await screenshot(page, 'labels-chips-desktop');

    // Filter from the drawer: the URL says it, the chip above the list says it, one todo shows.
    await drawer.getByRole('link', { name: 'Errands 1 open' }).click();
    await expect(page).toHaveURL(/\/todos\?label=\d+$/);
    await expect(drawer.getByRole('link', { name: 'Errands 1 open' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const filter = page.getByTestId('filter-label');
    await expect(filter).toHaveText('Label: Errands');
    await expect(page.getByRole('heading', { name: 'Pay the plumber' })).toBeHidden();
    await expect(page.getByTestId('todo-row')).toHaveCount(1);
    // The filter stays through a sort; Delete on the focused chip removes it.
    await page.getByLabel('Sort by').selectOption({ label: 'Title' });
    await expect(page).toHaveURL(/label=\d+/);
    await expect(page.getByTestId('todo-row')).toHaveCount(1);
    await filter.focus();
    await page.keyboard.press('Delete');
    await expect(filter).toBeHidden();
    await expect(page.getByTestId('todo-row')).toHaveCount(2);

    // Label the other todo in its dialog: type to find the label, pick it, save.
    await page.getByRole('button', { name: 'Edit Pay the plumber' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit this todo' });
    await edit.getByRole('combobox', { name: 'Labels' }).fill('err');
    await page.getByRole('option', { name: 'Errands' }).click();
    await edit.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByText('Todo updated successfully!')).toBeVisible();
    await expect(chipsOf(page, 'Pay the plumber')).toHaveText(['Errands']);
    await expect(drawer.getByRole('link', { name: 'Errands 2 open' })).toBeVisible();

    // The selection bar's Label…: both have Errands (ticked), so choosing it takes it off both;
    // chosen again by keyboard (now unticked) it goes back on both.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select all 2' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Label…' }).click();
    const errands = page.getByRole('menuitemcheckbox', { name: 'Errands' });
    await expect(errands).toHaveAttribute('aria-checked', 'true');
    await errands.click();
    await expect(page.getByText('Label Errands removed from 2 todos')).toBeVisible();
    await expect(page.getByTestId('todo-row').getByRole('list', { name: 'Labels' })).toHaveCount(0);
    await expect(drawer.getByRole('link', { name: 'Errands', exact: true })).toBeVisible();
    await bar.getByRole('button', { name: 'Label…' }).focus();
    await page.keyboard.press('Enter');
    await expect(errands).toHaveAttribute('aria-checked', 'false');
    await expect(errands).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('2 todos labelled Errands')).toBeVisible();
    await expect(chipsOf(page, 'Pay the plumber')).toHaveText(['Errands']);
    await expect(chipsOf(page, 'Buy milk @someday')).toHaveText(['Errands']);
    await expect(drawer.getByRole('link', { name: 'Errands 2 open' })).toBeVisible();
    await bar.getByRole('button', { name: 'Done' }).click();

    // Rename from the label's menu: the chips follow.
    await drawer.getByRole('button', { name: 'More actions for label Errands' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const rename = page.getByRole('dialog', { name: 'Edit label' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Chores');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Label updated successfully!')).toBeVisible();
    await expect(chipsOf(page, 'Pay the plumber')).toHaveText(['Chores']);
    await expect(drawer.getByRole('link', { name: 'Chores 2 open' })).toBeVisible();

    // Delete: asked first, saying the todos are kept; they are, without the label.
    await drawer.getByRole('button', { name: 'More actions for label Chores' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this label' });
    await expect(confirm).toContainText('Delete "Chores"?');
    await expect(confirm).toContainText('It is on 2 todos not completed yet. Its todos are kept');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Label "Chores" deleted: it was taken off 2 todos')).toBeVisible();
    await expect(drawer.getByText('No labels yet')).toBeVisible();
    // Its menu button went with it: the focus is on the page, not lost.
    await expect(page.locator('#main')).toBeFocused();
    await expect(page.getByTestId('todo-row')).toHaveCount(2);
    await expect(page.getByTestId('todo-row').getByRole('list', { name: 'Labels' })).toHaveCount(0);
  });

  test(
    'on a phone the labels are in the navbar’s menu and a row of chips wraps, never sideways',
    { tag: '@phone' },
    async ({ page, server, session }) => {
      const names = ['Waiting for a reply from the landlord', 'Household paperwork', 'Someday'];
      const ids = [];
      for (const name of names) ids.push(await createLabel(server.url, session, name));
      const response = await fetch(`${server.url}/api/todos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
        body: JSON.stringify({ data: { title: 'Renew the lease', labels: ids } }),
      });
      expect(response.status).toBe(200);
      await page.setViewportSize(PHONE);
      await page.goto(`${server.url}/todos`);
      await expect(chipsOf(page, 'Renew the lease')).toHaveCount(3);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'labels-chips-phone');

      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const menu = page.locator('#mobile-navigation');
      await expect(menu).toHaveClass(/MuiCollapse-entered/);
      await menu.getByRole('link', { name: 'Someday 1 open' }).click();
      await expect(menu).toBeHidden();
      await expect(page.getByTestId('filter-label')).toHaveText('Label: Someday');
      await expect(page.getByTestId('todo-row')).toHaveCount(1);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    },
  );
});
