/** Generate Todos in Chromium: faker loaded on the first click, 100 todos in order with a progress bar, Cancel. */
import { describeInBrowser, stageForSuite } from './support/browser';
import { registerUser } from './support/session';
import { openTodos, screenshotBoth } from './support/todos-page';

jest.setTimeout(90_000);

describeInBrowser('todos: Generate Todos', () => {
  const stage = stageForSuite();

  const listTotal = async (jwt: string) => {
    const response = await fetch(`${stage.server.url}/api/todos?pagination[pageSize]=1`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    return ((await response.json()) as { meta: { pagination: { total: number } } }).meta.pagination
      .total;
  };

  it('creates 100 todos one after another, with "n / 100" progress, then refreshes the list', async () => {
    const session = await registerUser(stage.server.url);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await page.getByText('No todos available. Add your first todo!').waitFor();

    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const bodies: unknown[] = [];
    let inFlight = 0;
    let overlapped = false;
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().includes('/api/todos')) return;
      inFlight += 1;
      if (inFlight > 1) overlapped = true;
      bodies.push(request.postDataJSON());
    });
    page.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/todos')) inFlight -= 1;
    });

    const button = page.getByRole('button', { name: 'Generate Todos' });
    await button.click();
    const progress = page.getByTestId('generate-progress');
    await progress.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await page.getByRole('progressbar', { name: 'Generate Todos progress' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await page.waitForFunction(() => {
      const text = document.querySelector('[data-testid="generate-progress"]')?.textContent ?? '';
      const done = Number(text.split('/')[0]);
      return done >= 10 && done < 100;
    });
    expect(await progress.textContent()).toMatch(/^\d+ \/ 100$/);
    await screenshotBoth(page, 'todos-generating');

    await progress.waitFor({ state: 'detached', timeout: 60_000 });
    expect(await button.isEnabled()).toBe(true);
    await page.getByText('Showing 1 to 10 of 100 entries').waitFor();
    expect(await page.getByTestId('todo-row').count()).toBe(10);
    await screenshotBoth(page, 'todos-generated');

    expect(scripts.filter((path) => /\/assets\/faker-[\w-]+\.js$/.test(path))).toHaveLength(1);
    expect(bodies).toHaveLength(100);
    expect(overlapped).toBe(false);
    for (const body of bodies) {
      const data = (body as { data: { title: string; description: string; user: number[] } }).data;
      expect(data.user).toEqual([session.user.id]);
      expect(data.title).toMatch(/^\S+( \S+)+$/);
      expect(data.description.length).toBeGreaterThan(10);
    }
    expect(await listTotal(session.jwt)).toBe(100);
    await context.close();
  });

  it('stops on Cancel and shows what was created', async () => {
    const session = await registerUser(stage.server.url);
    const { page, context } = await openTodos(stage.browser, stage.server.url, session);
    await page.getByText('No todos available. Add your first todo!').waitFor();
    await page.getByRole('button', { name: 'Generate Todos' }).click();
    await page.waitForFunction(
      () =>
        Number(
          (document.querySelector('[data-testid="generate-progress"]')?.textContent ?? '0').split(
            '/',
          )[0],
        ) >= 3,
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('generate-progress').waitFor({ state: 'detached' });
    const total = await listTotal(session.jwt);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(total).toBeLessThan(100);
    await page.getByText(`of ${total} entries`).waitFor();
    await page.waitForTimeout(500);
    expect(await listTotal(session.jwt)).toBe(total); // nothing more after Cancel
    await context.close();
  });
});
