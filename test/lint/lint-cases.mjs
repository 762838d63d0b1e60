// Lints the cases on stdin with the repository's own ESLint config and prints the rule ids each
// reports. Its own process because Jest's module sandbox cannot import the ESM config file.
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';

const cases = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({ cwd: process.cwd(), ignore: false });
const reported = {};
for (const { name, filePath, text } of cases) {
  const results =
    text === undefined
      ? await eslint.lintFiles([filePath])
      : await eslint.lintText(text, { filePath });
  reported[name] = results.flatMap((result) => result.messages.map((message) => message.ruleId));
}
process.stdout.write(JSON.stringify(reported));
