// Ports a browser test written in the old form (Jest driving playwright-core: test/e2e/*.test.ts,
// describeInBrowser + stageForSuite) to a @playwright/test spec (test/e2e/*.spec.ts on the fixtures
// of test/e2e/support/fixtures.ts), the way the suites were ported: `node scripts/port-e2e-spec.mjs
// test/e2e/x.test.ts` writes test/e2e/x.spec.ts and removes the old file. What it cannot port
// (fixed pauses, hand-written polling loops, helpers that read `stage`) is left for a person, and
// `npx tsc --noEmit` and `grep -n 'Timeout(' test/e2e` find it. See test/e2e/README.md.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const ts = createRequire(import.meta.url)('typescript');

/** Line-level renames: the suite's frame becomes Playwright's, `stage.x` the worker fixtures. */
function renameFrame(text) {
  return text
    .replace(/^[ \t]*jest\.setTimeout\([^)]*\);\n\n?/m, '')
    .replace(/^[ \t]*const stage = stageForSuite\(\);\n\n?/m, '')
    .replace(/\bstage\.browser\b/g, 'browser')
    .replace(/\bstage\.server\b/g, 'server')
    .replace(/\bdescribeInBrowser\(/g, 'test.describe(')
    .replace(/^(\s*)describe\(/gm, '$1test.describe(')
    .replace(/^(\s*)it\(/gm, '$1test(')
    .replace(/^(\s*)(beforeAll|afterAll|beforeEach|afterEach)\(/gm, '$1test.$2(')
    .replace(/'playwright-core'/g, "'@playwright/test'");
}

/** `expect(await locator.m(...)).matcher(value)` → the web-first assertion that waits for it. */
const webFirst = {
  count: { toBe: (v) => `toHaveCount(${v})` },
  isDisabled: { toBe: (v) => (v === 'true' ? 'toBeDisabled()' : 'toBeEnabled()') },
  isEnabled: { toBe: (v) => (v === 'true' ? 'toBeEnabled()' : 'toBeDisabled()') },
  isChecked: { toBe: (v) => (v === 'true' ? 'toBeChecked()' : 'not.toBeChecked()') },
  isVisible: { toBe: (v) => (v === 'true' ? 'toBeVisible()' : 'toBeHidden()') },
  inputValue: { toBe: (v) => `toHaveValue(${v})`, toMatch: (v) => `toHaveValue(${v})` },
  textContent: {
    toBe: (v) => `toHaveText(${v})`,
    toMatch: (v) => `toHaveText(${v})`,
    toContain: (v) => `toContainText(${v})`,
  },
  allTextContents: { toEqual: (v) => `toHaveText(${v})` },
  getAttribute: {
    toBe: (v, [name]) => (v === 'null' ? null : `toHaveAttribute(${name}, ${v})`),
    toMatch: (v, [name]) => `toHaveAttribute(${name}, ${v})`,
  },
};

const waitForState = { visible: 'toBeVisible()', attached: 'toBeAttached()' };
waitForState.detached = waitForState.hidden = 'toBeHidden()';

function portAssertions(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  const src = (node) => node.getText(source);
  const fixturesUsed = (body) =>
    ['browser', 'server'].filter((name) => new RegExp(`(?<![.\\w])${name}\\b`).test(body));

  function visit(node) {
    // x.waitFor() / waitFor({ state }) → expect(x).toBeVisible() / toBeHidden(); timeouts are the config's
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'waitFor'
    ) {
      const [options] = node.arguments;
      const state = options && /state: '(\w+)'/.exec(src(options))?.[1];
      const other = options && /\b(?!state|timeout)\w+:/.test(src(options).slice(1));
      if (!other) {
        const target = src(node.expression.expression);
        const matcher = waitForState[state ?? 'visible'];
        edits.push([node.getStart(source), node.end, `expect(${target}).${matcher}`]);
        return;
      }
    }
    // page.waitForURL(url) → expect(page).toHaveURL(url)
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'waitForURL' &&
      (node.arguments.length === 1 || /^\{ timeout: [\d_]+ \}$/.test(src(node.arguments[1])))
    ) {
      const target = src(node.expression.expression);
      edits.push([
        node.getStart(source),
        node.end,
        `expect(${target}).toHaveURL(${src(node.arguments[0])})`,
      ]);
      return;
    }
    // await expectFocus(x) → await expect(x).toBeFocused()
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'expectFocus'
    ) {
      const target = src(node.arguments[0]);
      edits.push([node.getStart(source), node.end, `expect(${target}).toBeFocused()`]);
      return;
    }
    // expect(await x.m(args)).matcher(value) as a statement
    if (ts.isExpressionStatement(node) && ts.isCallExpression(node.expression)) {
      const outer = node.expression;
      const inner = outer.expression;
      if (
        ts.isPropertyAccessExpression(inner) &&
        ts.isCallExpression(inner.expression) &&
        ts.isIdentifier(inner.expression.expression) &&
        inner.expression.expression.text === 'expect' &&
        outer.arguments.length === 1
      ) {
        const [actual] = inner.expression.arguments;
        if (
          actual &&
          ts.isAwaitExpression(actual) &&
          ts.isCallExpression(actual.expression) &&
          ts.isPropertyAccessExpression(actual.expression.expression)
        ) {
          const call = actual.expression;
          const method = call.expression.name.text;
          const receiver = src(call.expression.expression);
          const make = webFirst[method]?.[inner.name.text];
          const matcher =
            make && receiver !== 'page' && make(src(outer.arguments[0]), call.arguments.map(src));
          if (matcher) {
            edits.push([node.getStart(source), node.end, `await expect(${receiver}).${matcher};`]);
            return;
          }
        }
      }
    }
    // it.each(cases)('title %s', async (a, b) => …) → for (const [a, b] of cases) test(`title ${a}`, …)
    if (
      ts.isCallExpression(node) &&
      ts.isCallExpression(node.expression) &&
      src(node.expression.expression) === 'it.each'
    ) {
      const [title, callback] = node.arguments;
      const names = callback.parameters.map(src);
      const binding = names.length === 1 ? names[0] : `[${names.join(', ')}]`;
      let next = 0;
      const named = src(title)
        .slice(1, -1)
        .replace(/`/g, '\\`')
        .replace(/%[sdpi]/g, () => `\${${names[next++]}}`);
      const body = portAssertions(file, src(callback.body));
      const used = fixturesUsed(body);
      const params = used.length ? `{ ${used.join(', ')} }` : '';
      edits.push([
        node.getStart(source),
        node.end,
        `for (const ${binding} of ${src(node.expression.arguments[0])})\n  test(\`${named}\`, async (${params}) => ${body})`,
      ]);
      return;
    }
    // test(name, async () => …) → async ({ browser, server }) => … with the fixtures it uses
    if (
      ts.isCallExpression(node) &&
      /^test(\.(beforeAll|afterAll|beforeEach|afterEach))?$/.test(src(node.expression))
    ) {
      const callback = node.arguments[node.arguments.length - 1];
      if (callback && ts.isArrowFunction(callback) && callback.parameters.length === 0) {
        const used = fixturesUsed(src(callback.body));
        if (used.length > 0) {
          const open = text.indexOf('(', callback.getStart(source));
          edits.push([open + 1, open + 1, `{ ${used.join(', ')} }`]);
        }
      }
    }
    ts.forEachChild(node, visit);
  }
  visit(source);
  edits.sort((a, b) => b[0] - a[0]);
  for (const [start, end, replacement] of edits)
    text = text.slice(0, start) + replacement + text.slice(end);
  return text;
}

/** The support modules' new homes: test and expect from the fixtures, screenshotBoth in browser.ts. */
function portImports(text) {
  const gone = new Set(['describeInBrowser', 'stageForSuite', 'launchBrowser', 'expectFocus']);
  let screenshotBoth = false;
  text = text.replace(
    /import \{([^}]*)\} from '(\.\.?\/[^']*support\/(?:browser|todos-page|session-pages))';\n/g,
    (_all, names, from) => {
      const kept = names
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !gone.has(name))
        .filter((name) => (name === 'screenshotBoth' ? !(screenshotBoth = true) : true));
      return kept.length ? `import { ${kept.join(', ')} } from '${from}';\n` : '';
    },
  );
  const support = text.includes("'../e2e/support/") ? '../e2e/support' : './support';
  const lines = [`import { expect, test } from '${support}/fixtures';\n`];
  if (screenshotBoth) {
    const browserImport = /import \{([^}]*)\} from '[^']*support\/browser';/;
    if (browserImport.test(text))
      text = text.replace(browserImport, (all, names) =>
        all.replace(names, ` ${names.trim()}, screenshotBoth `),
      );
    else lines.push(`import { screenshotBoth } from '${support}/browser';\n`);
  }
  const firstImport = text.search(/^import /m);
  return text.slice(0, firstImport) + lines.join('') + text.slice(firstImport);
}

for (const file of process.argv.slice(2)) {
  const spec = file.replace(/\.test\.ts$/, '.spec.ts');
  const ported = portImports(portAssertions(spec, renameFrame(fs.readFileSync(file, 'utf8'))));
  fs.writeFileSync(spec, ported);
  if (spec !== file) fs.rmSync(file);
  console.log(`${file} → ${spec}`);
}
