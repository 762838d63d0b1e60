/**
 * Refuses the passwords that breaches show people choose most: zxcvbn's list of about 49,000
 * (@zxcvbn-ts/language-common), compared lower-cased. The rules make people add a digit and a
 * special character, so a listed password with special characters appended ("Password1!") counts
 * as listed too.
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
