/**
 * Positions: a project's place among the owner's projects, a todo's among its siblings (ascending).
 * They are PostgreSQL integers, so a body's position is checked against that range with one message.
 */
import * as v from 'valibot';
import { LARGEST_ID } from './ids';

export const POSITION_MIN = -LARGEST_ID - 1;
export const POSITION_RANGE = `must be an integer from ${POSITION_MIN} to ${LARGEST_ID}`;
export const POSITION_MESSAGE = `position ${POSITION_RANGE}`;

/** A body's position, described for the OpenAPI document. */
/* @__NO_SIDE_EFFECTS__ */
export const positionFieldOf = (description: string) =>
  v.pipe(
    v.number(POSITION_MESSAGE),
    v.integer(POSITION_MESSAGE),
    v.minValue(POSITION_MIN, POSITION_MESSAGE),
    v.maxValue(LARGEST_ID, POSITION_MESSAGE),
    v.description(description),
  );
