/**
 * Display choices, in Chromium: rows show the spec's full dates until the user turns on relative
 * dates in Profile, which is kept across reloads; "Hide completed" is kept too.
 */
import { describeInBrowser, stageForSuite } from './support/browser';
import { createTodoList, registerUser } from './support/session';
import { expectRows, numbered, openTodos } from './support/todos-page';

jest.setTimeout(90_000);

const FULL_DATE = String.raw`[A-Z][a-z]+ \d{1,2}, \d{4} at \d\d:\d\d [AP]M`;

describeInBrowser('todos: display choices that are kept', () => {
  const stage = stageForSuite();

  it('full dates by default; relative dates once chosen in Profile, after a reload too', async () => {
    const session = await registerUser(stage.server.url);
    await createTodoList(stage.server.url, session, [{ title: 'Water plants' }]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    const dates = page.getByTestId('todo-dates').first();
    await dates
      .getByText(new RegExp(`^Created at: ${FULL_DATE} · Updated at: ${FULL_DATE}$`))
      .waitFor();

    await page.goto(`${stage.server.url}/profile`);
    await page.getByRole('switch', { name: /Relative dates/ }).check();
    await page.goto(`${stage.server.url}/todos`);
    await dates.getByText(/^Created at: (now|\d+ minutes? ago) · Updated at: /).waitFor();
    await page.reload();
    await dates.getByText(/^Created at: (now|\d+ minutes? ago) · Updated at: /).waitFor();
    await context.close();
  });

  it('"Hide completed" leaves completed todos out, and is kept after a reload', async () => {
    const session = await registerUser(stage.server.url);
    await createTodoList(stage.server.url, session, [
      { title: 'Open one' },
      { title: 'Done one', completed: true },
    ]);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await expectRows(page, numbered(1, ['Open one', 'Done one']));
    await page.getByRole('checkbox', { name: 'Hide completed' }).check();
    await expectRows(page, numbered(1, ['Open one']));
    await page.reload();
    await expectRows(page, numbered(1, ['Open one']));
    expect(await page.getByRole('checkbox', { name: 'Hide completed' }).isChecked()).toBe(true);
    await context.close();
  });
});
