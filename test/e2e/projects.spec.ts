/**
 * Projects in Chromium, by mouse and keyboard: the navigation drawer (a column on a wide screen, in
 * the navbar's menu on a phone), a project's page, adding todos into it (quick add and the dialog),
 * moving a todo out of the Inbox, renaming, reordering projects by keyboard and a project's todos by
 * keyboard and mouse (dnd-kit, announced), and deleting with Undo.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PHONE, screenshot } from './support/browser';
import { createTodos } from './support/session';

const drawerOf = (page: Page) => page.getByRole('navigation', { name: 'Lists' });

/** The drawer's project links, in order, as their names read (name and open count). */
const projectLinks = (drawer: Locator) =>
  drawer
    .getByRole('region', { name: 'Projects' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.textContent?.trim()));

async function addProject(page: Page, name: string, colour: string) {
  await page.getByRole('button', { name: 'Add project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add project' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('radio', { name: colour }).check();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(`Project "${name}" added!`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The list's top-level todo titles, in the order shown. */
const rowTitles = (page: Page) =>
  page.getByTestId('todo-row').getByRole('heading', { level: 2 }).allTextContents();

/** The project's todos in their order, as the API has them: the reorder's PUTs are done. */
async function savedOrder(url: string, jwt: string, project: string): Promise<string[]> {
  const response = await fetch(
    `${url}/api/todos?filters[project][id][$eq]=${project}&sort=position:asc`,
    { headers: { authorization: `Bearer ${jwt}` } },
  );
  const body = (await response.json()) as { data: { attributes: { title: string } }[] };
  return body.data.map((todo) => todo.attributes.title);
}

/** The user's project names in their order, as the API has them. */
async function savedProjectOrder(url: string, jwt: string): Promise<string[]> {
  const response = await fetch(`${url}/api/projects?sort=position:asc`, {
    headers: { authorization: `Bearer ${jwt}` },
  });
  const body = (await response.json()) as { data: { attributes: { name: string } }[] };
  return body.data.map((project) => project.attributes.name);
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test.describe('projects', () => {
  test('create from the drawer, add into it, move from the Inbox, rename, reorder by keyboard, reorder its todos by keyboard and mouse, delete and Undo', async ({
    page,
    server,
    session,
  }) => {
    await createTodos(server.url, session, ['Pay the plumber']);
    await page.goto(`${server.url}/inbox`);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const drawer = drawerOf(page);
    await expect(drawer.getByRole('link', { name: 'Inbox 1 open' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(drawer.getByText('No projects yet')).toBeVisible();

    // Create: the new project's page opens.
    await addProject(page, 'Work', 'Red');
    expect(new URL(page.url()).pathname).toMatch(/^\/projects\/\d+$/);
    const workPath = new URL(page.url()).pathname;

    // Add into it: quick add and the dialog both start in this project.
    const quickAdd = page.getByRole('textbox', { name: 'Quick add' });
    await quickAdd.fill('Write the report p1');
    await quickAdd.press('Enter');
    await expect(page.getByRole('heading', { name: 'Write the report' })).toBeVisible();
    await page.getByRole('button', { name: 'Add todo' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add New Todo' });
    await expect(addDialog.getByRole('combobox', { name: 'Project' })).toHaveValue(
      workPath.split('/')[2]!,
    );
    await addDialog.getByRole('textbox', { name: 'Title' }).fill('Email Bob');
    await addDialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('heading', { name: 'Email Bob' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Work 2 open' })).toBeVisible();
    await screenshot(page, 'projects-page-desktop');

    // Move the Inbox's todo into the project from its Edit dialog.
    await drawer.getByRole('link', { name: /^Inbox/ }).click();
    await page.getByRole('button', { name: 'Edit Pay the plumber' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit this todo' });
    await editDialog.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Work' });
    await editDialog.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByText('Todo updated successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pay the plumber' })).toBeHidden();
    await expect(drawer.getByRole('link', { name: 'Work 3 open' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();

    // Rename (and recolour) from the project's menu.
    await drawer.getByRole('button', { name: 'More actions for Work' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editProject = page.getByRole('dialog', { name: 'Edit project' });
    await expect(editProject.getByRole('radio', { name: 'Red' })).toBeChecked();
    await editProject.getByRole('textbox', { name: 'Name' }).fill('Office');
    await editProject.getByRole('radio', { name: 'Blue' }).check();
    await editProject.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Project updated successfully!')).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Office 3 open' })).toBeVisible();

    // Reorder by keyboard: Home, added second, moves above Office; the new order is kept.
    await addProject(page, 'Home', 'Green');
    expect(await projectLinks(drawer)).toEqual(['Office3 open', 'Home']);
    const handle = drawer.getByRole('button', { name: 'Move Home' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(/Picked up project Home, at position 2 of 2/)).toBeAttached();
    // dnd-kit measures the list as the drag starts: a key pressed before that is not a move yet.
    await expect(async () => {
      await page.keyboard.press('ArrowUp');
      await expect(page.getByText(/Project Home is now at position 1 of 2/)).toBeAttached({
        timeout: 500,
      });
    }).toPass();
    await page.keyboard.press('Space');
    await expect(page.getByText(/Project Home dropped at position 1 of 2/)).toBeAttached();
    await expect.poll(() => projectLinks(drawer)).toEqual(['Home', 'Office3 open']);
    // Saved before the reload, which would cancel a PUT still on its way (on a busy machine).
    await expect.poll(() => savedProjectOrder(server.url, session.jwt)).toEqual(['Home', 'Office']);
    await page.reload();
    await expect.poll(() => projectLinks(drawerOf(page))).toEqual(['Home', 'Office3 open']);

    // Its todos in "Your order", the project page's default: the plumber, made first, is first.
    await drawerOf(page)
      .getByRole('link', { name: /^Office/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Office' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('position');
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Pay the plumber', 'Write the report', 'Email Bob']);
    // By keyboard: the plumber's handle, Space, one down, Space.
    await page.getByRole('button', { name: 'Reorder Pay the plumber' }).focus();
    await page.keyboard.press('Space');
    await expect(
      page.getByText(/Picked up todo Pay the plumber, at position 1 of 3/),
    ).toBeAttached();
    await expect(async () => {
      await page.keyboard.press('ArrowDown');
      await expect(page.getByText(/Todo Pay the plumber is now at position 2 of 3/)).toBeAttached({
        timeout: 500,
      });
    }).toPass();
    await page.keyboard.press('Space');
    await expect(page.getByText(/Todo Pay the plumber dropped at position 2 of 3/)).toBeAttached();
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Write the report', 'Pay the plumber', 'Email Bob']);
    const officeId = new URL(page.url()).pathname.split('/')[2]!;
    await expect
      .poll(() => savedOrder(server.url, session.jwt, officeId))
      .toEqual(['Write the report', 'Pay the plumber', 'Email Bob']);
    // By mouse: Email Bob's handle dragged above the first row.
    const grip = await page.getByRole('button', { name: 'Reorder Email Bob' }).boundingBox();
    const top = await page.getByTestId('todo-row').first().boundingBox();
    await page.mouse.move(grip!.x + grip!.width / 2, grip!.y + grip!.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip!.x + grip!.width / 2, grip!.y - 10, { steps: 5 });
    await page.mouse.move(grip!.x + grip!.width / 2, top!.y + 2, { steps: 10 });
    await page.mouse.up();
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Email Bob', 'Write the report', 'Pay the plumber']);
    await expect
      .poll(() => savedOrder(server.url, session.jwt, officeId))
      .toEqual(['Email Bob', 'Write the report', 'Pay the plumber']);
    await page.reload();
    await expect
      .poll(() => rowTitles(page))
      .toEqual(['Email Bob', 'Write the report', 'Pay the plumber']);

    // Delete from its own page: asked first, its todos go to the trash, Undo brings all back.
    await expect(page.getByRole('heading', { level: 1, name: 'Office' })).toBeVisible();
    await drawerOf(page).getByRole('button', { name: 'More actions for Office' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this project' });
    await expect(confirm).toContainText('Delete "Office" and its 3 open todos?');
    await expect(confirm).toContainText('Its todos go to the trash too');
    await screenshot(page, 'projects-delete-dialog-desktop');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText('Project "Office" and its 3 todos moved to the trash'),
    ).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/inbox`);
    await expect.poll(() => projectLinks(drawerOf(page))).toEqual(['Home']);
    // Its row is gone: focus waits on the toast's Undo, which Enter presses.
    await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Project "Office" restored!')).toBeVisible();
    await expect.poll(() => projectLinks(drawerOf(page))).toEqual(['Home', 'Office3 open']);

    // Another user's (or an unknown) project is the not-found page.
    await page.goto(`${server.url}/projects/999999`);
    await expect(page.getByText('Oops! The page you’re looking for doesn’t exist.')).toBeVisible();
  });

  test(
    'on a phone the lists are in the navbar’s menu: add a project and open it, never sideways',
    { tag: '@phone' },
    async ({ page, server, session }) => {
      await createTodos(server.url, session, ['Water the plants']);
      await page.setViewportSize(PHONE);
      await page.goto(`${server.url}/todos`);
      await expect(page.getByRole('heading', { level: 1, name: 'Todos' })).toBeVisible();
      await expect(drawerOf(page)).toBeHidden();
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      const menu = page.locator('#mobile-navigation');
      await expect(menu.getByRole('link', { name: 'Inbox 1 open' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Todos' })).toBeVisible();
      await screenshot(page, 'projects-menu-phone');
      // Once the menu has settled (a loaded CI machine once measured it mid-layout).
      await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);

      // Add project closes the menu; the new project's page opens. (Once the menu has opened in
      // full: the projects' arrival changes its height.)
      await expect(menu.getByText('No projects yet')).toBeVisible();
      await expect(menu).toHaveClass(/MuiCollapse-entered/);
      await menu.getByRole('button', { name: 'Add project' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add project' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Garden');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Garden' })).toBeVisible();
      await expect(menu).toBeHidden();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

      // Quick add elsewhere puts a #name of the project (any case) into it, out of the title.
      await page.goto(`${server.url}/todos`);
      const quickAdd = page.getByRole('textbox', { name: 'Quick add' });
      await quickAdd.fill('Buy seeds #garden');
      await expect(page.getByText('Project Garden')).toBeVisible();
      await quickAdd.press('Enter');
      await expect(page.getByRole('heading', { name: 'Buy seeds' })).toBeVisible();

      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      // Clicked once the menu has opened in full, as above: a link moving under the pointer is missed.
      await expect(menu).toHaveClass(/MuiCollapse-entered/);
      await menu.getByRole('link', { name: 'Garden 1 open' }).click();
      await expect(menu).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: 'Garden' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Buy seeds' })).toBeVisible();
      await screenshot(page, 'projects-page-phone');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    },
  );
});
