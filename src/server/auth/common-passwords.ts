/**
 * Too common a password, as zxcvbn-ts estimates it: its dictionary matcher over the common-language
 * lists (the passwords breaches show people choose most, and diceware words), with l33t variants
 * (`P@ssw0rd1` is "password"), keyboard runs, repeats, sequences and dates. One it expects guessed
 * in fewer than 10^8 tries (a score below 3) is refused; the account's own username and email count
 * as words too, so a password made of them is refused as well.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export const TOO_COMMON = 'This password is too common';

/** zxcvbn's scale: 3 is "safely unguessable" against online attacks and slow offline ones. */
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/**
 * Built once, on first use: ranking the dictionaries takes a while, and a server that registers
 * nobody never needs them. The check runs on the event loop and its l33t variants multiply with each
 * substitutable character, so its work is bounded: the first 32 characters are judged (common
 * passwords are short), with l33t substitutions tried on at most 10 characters.
 */
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary,
    graphs: adjacencyGraphs,
    maxLength: 32,
    l33tMaxSubstitutions: 10,
  });
  return estimator;
}

/**
 * The account's words: its username and email whole, and their parts (`jane_doe@example.com` gives
 * jane, doe, example), since zxcvbn matches only whole words.
 */
const accountWords = ({ username, email }: { username: string; email: string }): string[] => [
  username,
  email,
  ...`${username} ${email}`.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3),
];

/** Whether the password is too easily guessed, its account's username and email counting as known words. */
export function isCommonPassword(
  password: string,
  account: { username: string; email: string },
): boolean {
  return strength().check(password, accountWords(account)).score < MIN_SCORE;
}
