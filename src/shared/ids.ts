/** Row ids (todos, projects, labels) are PostgreSQL integers: 1 to 2^31 − 1. */
export const LARGEST_ID = 2_147_483_647;

export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= LARGEST_ID;
