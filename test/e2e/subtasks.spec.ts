/**
 * Subtasks (issue 41) in Chromium against the built server: a parent added, two subtasks added from
 * its menu (by mouse, then by keyboard), its "0/2" count, a subtask ticked (1/2), the subtasks
 * folded and unfolded, the parent completed with the question answered "Complete all" (2/2), the
 * parent deleted with its subtree to the trash and Undo bringing all three back, a top-level todo
 * put under a subtask from its Edit dialog's Parent (and one refused there, said under Parent). A
 * parent dragged in "Your order" carries its subtasks. A subtask added
 * offline under a todo deleted meanwhile lands at the top level (`onMissingParent=root`). On a
 * phone, three levels of indent scroll nothing sideways.
 */
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import type { Session } from '../../src/shared/api-types';

const rowNamed = (page: Page, title: string) =>
  page
    .getByTestId('todo-row')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

const progressOf = (page: Page, title: string) =>
  rowNamed(page, title).getByTestId('subtask-progress');

/** Each row's heading level and title, in order: the tree as a screen reader walks it. */
const outline = (page: Page) =>
  page.getByTestId('todo-row').evaluateAll((rows) =>
    rows.map((row) => {
      const heading = row.querySelector('h2, h3, h4');
      return `${heading?.tagName.toLowerCase()} ${heading?.textContent}`;
    }),
  );

async function post(url: string, session: Session, data: Record<string, unknown>) {
  const response = await fetch(`${url}/api/todos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test.describe('todos: subtasks', () => {
  test('adds a parent and two subtasks, counts, folds, completes all, deletes and undoes', async ({
    page,
    server,
    session,
  }) => {
    await page.goto(`${server.url}/todos`);
    await expect(page.getByText('No todos available')).toBeVisible();

    // The parent, from the + button.
    await page.getByRole('button', { name: 'Add todo' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Todo' });
    await add.getByLabel('Title').fill('Plan the trip');
    await expect(add.getByRole('textbox', { name: 'Parent' })).toHaveCount(0);
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add).toBeHidden();

    // A subtask by mouse: the row's menu, Add subtask, the dialog names the parent.
    await rowNamed(page, 'Plan the trip')
      .getByRole('button', { name: 'More actions for Plan the trip' })
      .click();
    await page.getByRole('menuitem', { name: 'Add subtask' }).click();
    await expect(add.getByRole('textbox', { name: 'Parent' })).toHaveValue('Plan the trip');
    await add.getByLabel('Title').fill('Book flights');
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/todos/'),
    );
    await add.getByRole('button', { name: 'Add' }).click();
    expect((await posted).postDataJSON()).toMatchObject({
      data: { title: 'Book flights', parent: expect.any(Number) },
    });
    await expect(add).toBeHidden();
    await expect(progressOf(page, 'Plan the trip')).toHaveText('0/1 subtasks done');

    // A second one by keyboard: the menu button, Enter, Enter on Add subtask, type, Enter.
    await rowNamed(page, 'Plan the trip')
      .getByRole('button', { name: 'More actions for Plan the trip' })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Add subtask' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(add.getByLabel('Title')).toBeFocused();
    await page.keyboard.type('Pack bags');
    await page.keyboard.press('Enter');
    await expect(add).toBeHidden();

    await expect(progressOf(page, 'Plan the trip')).toHaveText('0/2 subtasks done');
    await expect
      .poll(() => outline(page))
      .toEqual(['h2 Plan the trip', 'h3 Book flights', 'h3 Pack bags']);
    // Subtasks carry no number: paging counts the top-level todos.
    await expect(page.getByTestId('todo-number')).toHaveText(['1.']);

    // Ticking a subtask counts it.
    // The tick is the list's state, drawn once the write is under way: click, then wait for it
    // (check() asks for the new state at once, which a loaded machine may not have drawn yet).
    const tick = page.getByRole('checkbox', { name: 'Mark Book flights as completed' });
    await tick.click();
    await expect(tick).toBeChecked();
    await expect(progressOf(page, 'Plan the trip')).toHaveText('1/2 subtasks done');

    // Fold by keyboard (Tab reaches the disclosure), unfold by mouse; the fold outlives a reload.
    const disclosure = page.getByRole('button', { name: 'Subtasks of Plan the trip' });
    await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('checkbox', { name: 'Mark Plan the trip as completed' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(disclosure).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await expect(rowNamed(page, 'Book flights')).toHaveCount(0);
    await page.reload();
    await expect(progressOf(page, 'Plan the trip')).toHaveText('1/2 subtasks done');
    await expect(rowNamed(page, 'Pack bags')).toHaveCount(0);
    await page.getByRole('button', { name: 'Subtasks of Plan the trip' }).click();
    await expect(rowNamed(page, 'Pack bags')).toBeVisible();

    // Completing the parent asks; Complete all completes the open subtask with it.
    await page.getByRole('checkbox', { name: 'Mark Plan the trip as completed' }).click();
    const ask = page.getByRole('dialog', { name: 'Complete this todo' });
    await expect(ask).toContainText('Complete its 1 open subtask too?');
    const put = page.waitForRequest((request) => request.method() === 'PUT');
    await ask.getByRole('button', { name: 'Complete all' }).click();
    expect((await put).url()).toMatch(/\/api\/todos\/\d+\?subtasks=complete$/);
    await expect(ask).toBeHidden();
    await expect(progressOf(page, 'Plan the trip')).toHaveText('2/2 subtasks done');
    await expect(page.getByRole('checkbox', { name: 'Mark Pack bags as completed' })).toBeChecked();

    // Deleting the parent says its subtasks go with it; they are in the trash; Undo brings all back.
    await page.getByRole('button', { name: 'Delete Plan the trip' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete this todo' });
    await expect(remove).toContainText(
      'Its 2 subtasks go to the trash with it; Undo brings them back.',
    );
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No todos available')).toBeVisible();
    const trash = await fetch(`${server.url}/api/todos/trash`, {
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    const trashed = (await trash.json()) as { data: { attributes: { title: string } }[] };
    expect(trashed.data.map((todo) => todo.attributes.title).sort()).toEqual([
      'Book flights',
      'Pack bags',
      'Plan the trip',
    ]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => outline(page))
      .toEqual(['h2 Plan the trip', 'h3 Book flights', 'h3 Pack bags']);
    await expect(progressOf(page, 'Plan the trip')).toHaveText('2/2 subtasks done');

    // A search lists matching subtasks on their own, naming their parent.
    await page.getByRole('searchbox', { name: 'Search' }).fill('Pack');
    await expect(rowNamed(page, 'Pack bags')).toContainText('Subtask of Plan the trip');
    await expect(page.getByTestId('todo-row')).toHaveCount(1);

    // A top-level todo put under a subtask from its Edit dialog: type in Parent, pick, save.
    await post(server.url, session, { title: 'Renew passport' });
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('button', { name: 'Edit Renew passport' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit this todo' });
    const parentBox = edit.getByRole('combobox', { name: 'Parent' });
    await parentBox.fill('Pack');
    await page.getByRole('option', { name: 'Plan the trip › Pack bags' }).click();
    await expect(parentBox).toHaveValue('Plan the trip › Pack bags');
    await edit.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByText('Todo updated successfully!')).toBeVisible();
    await expect
      .poll(() => outline(page))
      .toEqual(['h2 Plan the trip', 'h3 Book flights', 'h3 Pack bags', 'h4 Renew passport']);

    // A todo with a subtask of its own under a subtask would make four levels: the server's refusal
    // shows under Parent, not in a toast, and the dialog stays open with the choice.
    const visa = await post(server.url, session, { title: 'Get a visa' });
    await post(server.url, session, { title: 'Take photos', parent: visa });
    await expect(rowNamed(page, 'Get a visa')).toBeVisible();
    await page.getByRole('button', { name: 'Edit Get a visa' }).click();
    const visaEdit = page.getByRole('dialog', { name: 'Edit this todo' });
    const visaParent = visaEdit.getByRole('combobox', { name: 'Parent' });
    await visaParent.fill('Pack');
    await page.getByRole('option', { name: 'Plan the trip › Pack bags' }).click();
    await visaEdit.getByRole('button', { name: 'Edit' }).click();
    await expect(visaParent).toHaveAccessibleDescription(/Subtasks go at most 3 levels deep/);
    await expect(visaParent).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/levels deep/)).toHaveCount(1);
    await expect(visaParent).toHaveValue('Plan the trip › Pack bags');
  });

  test('a parent dragged in Your order takes its subtasks along', async ({
    page,
    server,
    session,
  }) => {
    const trip = await post(server.url, session, { title: 'Plan the trip' });
    await post(server.url, session, { title: 'Book flights', parent: trip });
    await post(server.url, session, { title: 'Pack bags', parent: trip });
    await post(server.url, session, { title: 'Pay the rent' });
    await page.goto(`${server.url}/inbox`);
    await expect
      .poll(() => outline(page))
      .toEqual(['h2 Plan the trip', 'h3 Book flights', 'h3 Pack bags', 'h2 Pay the rent']);

    // While the trip is held below the rent, its subtasks are folded into it, not left behind.
    const grip = await page.getByRole('button', { name: 'Reorder Plan the trip' }).boundingBox();
    const x = grip!.x + grip!.width / 2;
    await page.mouse.move(x, grip!.y + grip!.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, grip!.y + 20, { steps: 5 });
    await expect.poll(() => outline(page)).toEqual(['h2 Plan the trip', 'h2 Pay the rent']);
    const rent = await rowNamed(page, 'Pay the rent').boundingBox();
    await page.mouse.move(x, rent!.y + rent!.height - 2, { steps: 10 });
    await page.mouse.up();
    await expect
      .poll(() => outline(page))
      .toEqual(['h2 Pay the rent', 'h2 Plan the trip', 'h3 Book flights', 'h3 Pack bags']);
  });

  test('a subtask added offline under a todo deleted meanwhile lands at the top level', async ({
    page,
    context,
    server,
    session,
  }) => {
    const parent = await post(server.url, session, { title: 'Plan the trip' });
    await page.goto(`${server.url}/todos`);
    await expect(rowNamed(page, 'Plan the trip')).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'More actions for Plan the trip' }).click();
    await page.getByRole('menuitem', { name: 'Add subtask' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Todo' });
    await add.getByRole('textbox', { name: 'Title' }).fill('Pack bags');
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add).toBeHidden();
    await expect(rowNamed(page, 'Pack bags').getByLabel('Waiting to sync')).toBeVisible();
    const deleted = await fetch(`${server.url}/api/todos/${parent}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    expect(deleted.status).toBe(200);

    await context.setOffline(false);
    await expect.poll(() => outline(page)).toEqual(['h2 Pack bags']);
    await expect(page.getByLabel('Waiting to sync')).toHaveCount(0);
    const listed = await fetch(`${server.url}/api/todos?populate=parent`, {
      headers: { authorization: `Bearer ${session.jwt}` },
    });
    const { data } = (await listed.json()) as {
      data: { attributes: { title: string; parent: { data: unknown } } }[];
    };
    expect(data.map(({ attributes }) => [attributes.title, attributes.parent.data])).toEqual([
      ['Pack bags', null],
    ]);
  });

  test(
    'on a phone three levels of subtasks scroll nothing sideways',
    { tag: '@phone' },
    async ({ page, server, session }) => {
      const long = 'A rather long title that has to wrap on a narrow phone screen';
      const root = await post(server.url, session, { title: `Root: ${long}` });
      const middle = await post(server.url, session, { title: `Middle: ${long}`, parent: root });
      await post(server.url, session, { title: `Leaf: ${long}`, parent: middle });
      await page.goto(`${server.url}/todos`);
      await expect(page.getByTestId('todo-row')).toHaveCount(3);
      await expect(page.getByRole('heading', { level: 4 })).toHaveText(`Leaf: ${long}`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      // The deepest level has no Add subtask: the server keeps three levels.
      await expect(
        page.getByRole('button', { name: `More actions for Leaf: ${long}` }),
      ).toHaveCount(0);
    },
  );
});
