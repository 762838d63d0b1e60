/**
 * The ~49,000 passwords breaches show people choose most (zxcvbn's list), compared lower-cased; the
 * rules make people append special characters ("Password1!"), so those are stripped too.
 */
let listed: Set<string> | undefined;

function commonPasswords(): Set<string> {
  // Read on first use: a server that registers nobody does not hold the list.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  listed ??= new Set(require('@zxcvbn-ts/language-common/src/passwords.json') as string[]);
  return listed;
}

export const TOO_COMMON = 'This password is too common';

export function isCommonPassword(password: string): boolean {
  const key = password.toLowerCase();
  const list = commonPasswords();
  return list.has(key) || list.has(key.replace(/[!@#$%^&*]+$/, ''));
}
