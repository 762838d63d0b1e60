/**
 * Accessibility in Chromium: axe-core (the WCAG 2.0 and 2.1 A and AA rules) finds no violation
 * on any screen, in the light and the dark theme, at desktop and at phone width (see `cases`).
 */
import { expect, test } from './support/fixtures';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Session } from '../../src/shared/api-types';
import { animationsDone, DESKTOP, nextFrames, PHONE } from './support/browser';
import { newCredentials, registerUser, signInContext } from './support/session';

type Scheme = 'light' | 'dark';
type Viewport = typeof DESKTOP | typeof PHONE;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The rules whose outcome depends on colours. The markup is the same in both themes, so the second
 * theme's audit of a screen runs these only.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe's violations, one readable line block per failing element; [] when there are none. */
async function violations(page: Page, include?: string, rules?: string[]): Promise<string[]> {
  await animationsDone(page);
  let builder = new AxeBuilder({ page });
  builder = rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) =>
      [
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`,
        `  element: ${node.target.join(' ')}`,
        `  html: ${node.html.slice(0, 200)}`,
        `  ${node.failureSummary?.replace(/\n/g, '\n  ') ?? ''}`,
      ].join('\n'),
    ),
  );
}

async function createTodo(
  baseUrl: string,
  session: Session,
  data: {
    title: string;
    description?: string;
    completed?: boolean;
    dueDate?: string;
    recurrence?: string;
    priority?: number;
    parent?: number;
  },
): Promise<number> {
  const response = await fetch(`${baseUrl}/api/todos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
    body: JSON.stringify({ data }),
  });
  if (response.status !== 200) throw new Error(`create failed: ${response.status}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** A project (or, with `kind` 'labels', a label) of the session's user; its id. */
async function createProject(
  baseUrl: string,
  session: Session,
  data: { name: string; color?: string },
  kind: 'projects' | 'labels' = 'projects',
): Promise<number> {
  const response = await fetch(`${baseUrl}/api/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.jwt}` },
    body: JSON.stringify({ data }),
  });
  if (response.status !== 200) throw new Error(`${kind} create failed: ${response.status}`);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** The full session's project "Work" (made in beforeAll), which its project page case opens. */
let workProject = 0;
/** The full session's label "Errands" (made in beforeAll), which the label filter case opens. */
let errandsLabel = 0;

async function trashTodo(baseUrl: string, session: Session, id: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/todos/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${session.jwt}` },
  });
  if (response.status !== 200) throw new Error(`delete failed: ${response.status}`);
}

const heading = (page: Page, name?: string) =>
  expect(page.getByRole('heading', { level: 1, ...(name ? { name } : {}) })).toBeVisible();

interface Screen {
  name: string;
  phoneOnly?: boolean;
  desktopOnly?: boolean;
  /** Shows the screen; returns the part of the page to audit when it is not all of it. */
  show(page: Page, url: string): Promise<string | void>;
  /** Leaves by itself (a toast): the second theme shows it again rather than audit it late. */
  fleeting?: boolean;
  /** Drawn otherwise on a phone (rows, controls, the drawer as a menu): audited at phone width too. */
  phoneLayout?: boolean;
  session?: 'none' | 'empty' | 'full' | 'corrupted';
}

const openMobileMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await expect(page.locator('#mobile-navigation').getByRole('link').first()).toBeVisible();
};

const screens: Screen[] = [
  { name: 'login', show: (page, url) => page.goto(`${url}/login`).then(() => heading(page)) },
  {
    name: 'login, failed, with the error toast',
    fleeting: true,
    async show(page, url) {
      await page.goto(`${url}/login`);
      await page.getByLabel('Email').fill(newCredentials('nobody').email);
      await page.getByLabel('Password', { exact: true }).fill('Wrong1!x');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Invalid identifier or password' }),
      ).toBeVisible();
    },
  },
  {
    name: 'login, invalid fields',
    async show(page, url) {
      await page.goto(`${url}/login`);
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).fill('123');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Invalid email format')).toBeVisible();
    },
  },
  { name: 'register', show: (page, url) => page.goto(`${url}/register`).then(() => heading(page)) },
  {
    name: 'not found',
    show: (page, url) => page.goto(`${url}/no/such/page`).then(() => heading(page)),
  },
  {
    name: 'phone menu, signed out',
    phoneOnly: true,
    async show(page, url) {
      await page.goto(`${url}/login`);
      await heading(page);
      await openMobileMenu(page);
    },
  },
  {
    name: 'home',
    session: 'empty',
    show: (page, url) => page.goto(`${url}/`).then(() => heading(page)),
  },
  {
    name: 'user menu open',
    session: 'empty',
    desktopOnly: true,
    async show(page, url) {
      await page.goto(`${url}/`);
      await heading(page);
      await page.getByRole('button', { name: /^a11y/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  {
    name: 'phone menu, signed in',
    session: 'empty',
    phoneOnly: true,
    async show(page, url) {
      await page.goto(`${url}/profile`);
      await heading(page);
      await openMobileMenu(page);
    },
  },
  {
    name: 'profile',
    session: 'empty',
    async show(page, url) {
      await page.goto(`${url}/profile`);
      await heading(page, 'Profile');
      // Disabled while the feed loads, its colour then fades in: the audit starts once it is
      // enabled, so that fade is one of the animations it waits for.
      await expect(page.getByRole('button', { name: 'Create link' })).toBeEnabled();
    },
  },
  {
    name: 'todos, empty',
    session: 'empty',
    async show(page, url) {
      await page.goto(`${url}/todos`);
      await expect(page.getByText('No todos available')).toBeVisible();
    },
  },
  {
    name: 'todos, with todos',
    phoneLayout: true,
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/todos`);
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
    },
  },
  {
    name: 'todos, quick add with every kind of part highlighted',
    session: 'empty',
    async show(page, url) {
      // #home and @bills are read once the user's projects and labels (Home, bills) have come.
      const projects = page.waitForResponse((response) => response.url().includes('/api/projects'));
      const labels = page.waitForResponse((response) => response.url().includes('/api/labels'));
      await page.goto(`${url}/todos`);
      await Promise.all([projects, labels]);
      const field = page.getByRole('textbox', { name: 'Quick add' });
      await field.fill('Pay rent every month on the 1st at 9am p1 #home @bills');
      await expect(page.getByTestId('quick-add-highlights').locator('mark')).toHaveCount(5);
    },
  },
  {
    name: 'project page, with its todos and the drawer',
    phoneLayout: true,
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/projects/${workProject}`);
      await heading(page, 'Work');
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
    },
  },
  {
    name: 'todos filtered by a label: its chip above the list, the rows’ label chips, the drawer’s labels',
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/todos?label=${errandsLabel}`);
      await expect(page.getByTestId('filter-label')).toContainText('Label: Errands');
      await expect(page.getByTestId('todo-row').getByText('Errands')).toBeVisible();
    },
  },
  {
    name: 'inbox',
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/inbox`);
      await heading(page, 'Inbox');
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
    },
  },
  {
    name: "drawer, a project's menu open",
    session: 'full',
    desktopOnly: true,
    async show(page, url) {
      await page.goto(`${url}/inbox`);
      await heading(page, 'Inbox');
      const drawer = page.getByRole('navigation', { name: 'Lists' });
      await drawer.getByRole('button', { name: 'More actions for Work' }).click();
      await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    },
  },
  {
    name: 'drawer, Add project dialog open',
    session: 'full',
    desktopOnly: true,
    async show(page, url) {
      await page.goto(`${url}/inbox`);
      await heading(page, 'Inbox');
      await page.getByRole('button', { name: 'Add project' }).click();
      await expect(page.getByRole('dialog', { name: 'Add project' })).toBeVisible();
    },
  },
  {
    name: 'todos, priority flags, sorted by priority and filtered by High',
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/todos?sort=priority&order=desc&priority=3`);
      await expect(page.getByRole('img', { name: 'High priority' }).first()).toBeVisible();
    },
  },
  {
    name: 'today',
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/today`);
      await expect(page.getByRole('heading', { name: /^Overdue/ })).toBeVisible();
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
    },
  },
  {
    name: 'trash, a todo selected',
    phoneLayout: true,
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/trash`);
      await page.getByRole('checkbox', { name: 'Select Old shopping list' }).check();
      await expect(page.getByRole('button', { name: 'Restore selected' })).toBeVisible();
    },
  },
  {
    name: 'todos, the series question on delete',
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/todos`);
      await page.getByRole('button', { name: 'Delete Write the report' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete a recurring todo' })).toBeVisible();
    },
  },
  {
    name: 'todos, the subtasks question on completing a parent',
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/todos`);
      await expect(page.getByRole('button', { name: 'Subtasks of Book the trip' })).toBeVisible();
      await page.getByRole('checkbox', { name: 'Mark Book the trip as completed' }).click();
      await expect(page.getByRole('dialog', { name: 'Complete this todo' })).toBeVisible();
    },
  },
  {
    name: 'todos, Add dialog open',
    phoneLayout: true,
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/todos`);
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
      await page.getByRole('button', { name: 'Add todo' }).click();
      await expect(page.getByRole('dialog', { name: 'Add New Todo' })).toBeVisible();
    },
  },
  {
    name: 'todos, Add dialog with an invalid title',
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/todos`);
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
      await page.getByRole('button', { name: 'Add todo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(dialog.getByText('Title is required')).toBeVisible();
    },
  },
  {
    name: 'todos, Delete dialog open',
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/todos`);
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Delete this todo' })).toBeVisible();
    },
  },
  {
    name: 'todos, success toast',
    session: 'full',
    async show(page, url) {
      await page.goto(`${url}/todos`);
      await expect(page.getByTestId('todo-row').first()).toBeVisible();
      await page.getByRole('button', { name: 'Add todo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Todo' });
      await dialog.getByLabel('Title').fill('Added by the a11y suite');
      // The toast lives 2 s of the page's time. The test stops that time before the toast comes
      // (ahead by more than the call takes on a loaded machine) and moves it on in 100 ms steps
      // until the toast shows, then rests the pointer on it (which holds it): then axe audits just
      // the toasts. A slow machine cannot let the toast go before the check sees it.
      await page.clock.install();
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
      await dialog.getByRole('button', { name: 'Add' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Todo added successfully!' });
      await expect(async () => {
        if (!(await toast.isVisible())) await page.clock.runFor(100);
        expect(await toast.isVisible()).toBe(true);
      }).toPass();
      await toast.hover();
      await page.clock.resume();
      return '.notistack-SnackbarContainer';
    },
  },
  {
    name: 'todos, error page (corrupted token)',
    session: 'corrupted',
    async show(page, url) {
      await page.goto(`${url}/todos`);
      await heading(page, 'Missing or invalid credentials');
    },
  },
];

/**
 * Tabs through the page until focus comes back round, and lists each focused control that shows
 * no focus indicator: an outline on it or on its MUI root (`.Mui-focusVisible`), or the 2px
 * border of a focused text field.
 */
async function controlsWithoutVisibleFocus(
  page: Page,
): Promise<{ seen: number; unseen: string[] }> {
  const seen = new Set<string>();
  const unseen: string[] = [];
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    await nextFrames(page); // the focus ring is drawn
    const focus = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const name =
        element.getAttribute('aria-label') ??
        element.textContent?.trim().slice(0, 40) ??
        element.getAttribute('name') ??
        '';
      const key = `${element.tagName.toLowerCase()}#${element.id} "${name}" @${Math.round(element.getBoundingClientRect().top)}`;
      const outlined = (node: Element | null) => {
        if (!node) return false;
        const style = getComputedStyle(node);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      };
      const field = element
        .closest('.MuiOutlinedInput-root.Mui-focused')
        ?.querySelector('fieldset');
      const visible =
        outlined(element) ||
        outlined(element.closest('.Mui-focusVisible')) ||
        (field ? parseFloat(getComputedStyle(field).borderTopWidth) >= 2 : false);
      return { key, visible };
    });
    if (!focus) continue;
    if (seen.has(focus.key)) break;
    seen.add(focus.key);
    if (!focus.visible) unseen.push(focus.key);
  }
  return { seen: seen.size, unseen };
}

/** The project a case runs in (playwright.config.ts): dark, else phone, else desktop (no tag). */
const projectTag = (scheme: Scheme, viewport: Viewport) =>
  scheme === 'dark' ? '@dark' : viewport === PHONE ? '@phone' : [];

test.describe('accessibility: axe finds no WCAG A/AA violation', () => {
  const sessions: Record<'empty' | 'full', Session | undefined> = {
    empty: undefined,
    full: undefined,
  };

  test.beforeAll(async ({ server }) => {
    const url = server.url;
    [sessions.empty, sessions.full] = await Promise.all([
      registerUser(url, newCredentials('a11y')),
      registerUser(url, newCredentials('a11y')),
    ]);
    const full = sessions.full as Session;
    // Projects (issue 41): the drawer lists them; quick add reads #home; one todo is in Work.
    await createProject(url, sessions.empty as Session, { name: 'Home', color: '#1e90ff' });
    await createProject(url, full, { name: 'Home', color: '#1e90ff' });
    workProject = await createProject(url, full, { name: 'Work', color: '#db4035' });
    // Labels (issue 41): quick add reads @bills; the drawer lists Errands, which one todo has.
    await createProject(url, sessions.empty as Session, { name: 'bills' }, 'labels');
    errandsLabel = await createProject(url, full, { name: 'Errands', color: '#fad000' }, 'labels');
    await fetch(`${url}/api/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${full.jwt}` },
      body: JSON.stringify({
        data: { title: 'Send the invoice', project: workProject, labels: [errandsLabel] },
      }),
    });
    // Dated ones (the browser runs in UTC): overdue, today as a weekly series, and in two days.
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // And every priority's flag (issue 41): high, medium, low and none.
    await createTodo(url, full, {
      title: 'Buy milk',
      description: 'Two litres, semi-skimmed',
      dueDate: day(-2),
      priority: 3,
    });
    await createTodo(url, full, { title: 'Call the plumber', completed: true, priority: 3 });
    await createTodo(url, full, {
      title: 'Write the report',
      dueDate: day(0),
      recurrence: 'FREQ=WEEKLY',
      priority: 2,
    });
    const trip = await createTodo(url, full, {
      title: 'Book the trip',
      dueDate: day(2),
      priority: 1,
    });
    // Subtasks (issue 41): two under the trip, one done, and one under that (so every list case
    // shows the tree: indents, the disclosure buttons and the "1/2" count).
    await createTodo(url, full, { title: 'Pack the bags', completed: true, parent: trip });
    const flights = await createTodo(url, full, { title: 'Book flights', parent: trip });
    await createTodo(url, full, { title: 'Compare fares', parent: flights });
    await trashTodo(url, full, await createTodo(url, full, { title: 'Old shopping list' }));
  });

  /**
   * One tab per session kind, scheme and width, which every case of that kind loads its screen in
   * (page.goto, a fresh start of the app each time): a new browser context per case cost a second
   * of the suite's ~ten per case in CI, fetching and compiling the app again.
   */
  const tabs = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();
  // Under fullyParallel a worker may run afterAll between two of this file's jobs and then take
  // another: the closed tabs must not be handed out again.
  test.afterAll(async () => {
    const open = [...tabs.values()];
    tabs.clear();
    for (const tab of open) await (await tab).context.close();
  });

  async function openTab(
    browser: Browser,
    baseUrl: string,
    kind: NonNullable<Screen['session']>,
    scheme: Scheme,
    viewport: Viewport,
  ) {
    const context = await browser.newContext({
      viewport,
      colorScheme: scheme,
      timezoneId: 'UTC',
      locale: 'en-US',
    });
    if (kind === 'empty' || kind === 'full')
      await signInContext(context, sessions[kind] as Session);
    if (kind === 'corrupted') {
      const session = await registerUser(baseUrl, newCredentials('a11y'));
      await signInContext(context, { ...session, jwt: `${session.jwt.slice(0, -6)}XXXXXX` });
    }
    return { context, page: await context.newPage() };
  }

  function tabFor(
    browser: Browser,
    baseUrl: string,
    screen: Screen,
    scheme: Scheme,
    viewport: Viewport,
  ): Promise<Page> {
    const kind = screen.session ?? 'none';
    // The app drops a corrupted session once it has seen it refused: such a case gets a tab of its own.
    const key =
      kind === 'corrupted' ? `corrupted ${tabs.size}` : `${kind} ${scheme} ${viewport.width}`;
    if (!tabs.has(key)) tabs.set(key, openTab(browser, baseUrl, kind, scheme, viewport));
    return (tabs.get(key) as Promise<{ page: Page }>).then((tab) => tab.page);
  }

  // Contrast depends on the theme and structure on the width: every screen in both themes at desktop
  // width; at phone width in light the screens a phone draws otherwise (phoneLayout), and in both
  // themes the controls only a phone shows (phoneOnly). A screen is shown once for both themes: the
  // dark audit follows the light one on the same page.
  const cases = (
    [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const
  ).flatMap(([width, viewport]) =>
    screens
      .filter((screen) => !(screen.phoneOnly && width === 'desktop'))
      .filter((screen) => width === 'desktop' || screen.phoneOnly || screen.phoneLayout)
      .filter((screen) => !(screen.desktopOnly && width === 'phone'))
      .map((screen) => {
        const darkToo = width === 'desktop' || Boolean(screen.phoneOnly);
        const label = `${darkToo ? 'light and dark' : 'light'}, ${width}: ${screen.name}`;
        return [label, screen, viewport, darkToo] as const;
      }),
  );

  const schemeShown = (page: Page) =>
    page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);

  // The focus ring is the theme's, drawn the same on every control of a kind: one screen for each
  // kind (the signed-out forms, the phone menu, the profile's sections, the list, a dialog).
  const focusCases = [
    ['login', 'light', DESKTOP],
    ['phone menu, signed in', 'dark', PHONE],
    ['profile', 'light', DESKTOP],
    ['todos, with todos', 'light', DESKTOP],
    ['todos, Add dialog open', 'dark', DESKTOP],
  ] as const;

  for (const [name, scheme, viewport] of focusCases)
    test(
      `keyboard focus is visible on every control: ${name}, ${scheme}`,
      { tag: projectTag(scheme, viewport) },
      async ({ browser, server }) => {
        const screen = screens.find((candidate) => candidate.name === name) as Screen;
        const page = await tabFor(browser, server.url, screen, scheme, viewport);
        await screen.show(page, server.url);
        await animationsDone(page);
        const { seen, unseen } = await controlsWithoutVisibleFocus(page);
        expect(seen).toBeGreaterThan(1);
        expect(unseen).toEqual([]);
      },
    );

  for (const [label, screen, viewport, darkToo] of cases)
    test(label, { tag: projectTag('light', viewport) }, async ({ browser, server }) => {
      const page = await tabFor(browser, server.url, screen, 'light', viewport);
      // The tab's last case may have left it dark.
      await page.emulateMedia({ colorScheme: 'light' });
      let include = (await screen.show(page, server.url)) || undefined;
      // The theme under test is the one on screen.
      expect(await schemeShown(page)).toBe('light');
      expect(await violations(page, include)).toEqual([]);
      if (!darkToo) return;
      await page.emulateMedia({ colorScheme: 'dark' });
      if (screen.fleeting) include = (await screen.show(page, server.url)) || undefined;
      await expect.poll(() => schemeShown(page)).toBe('dark');
      expect(await violations(page, include, COLOUR_RULES)).toEqual([]);
    });
});
