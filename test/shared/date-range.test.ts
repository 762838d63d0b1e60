/**
 * The days a todo's dates may fall on, checked by the schemas the SPA form, the API bodies and the
 * import rows share: 1900-01-01 to 2200-12-31, for a due date, a reminder (in UTC) and a rule's UNTIL.
 */
import * as v from 'valibot';
import { dueDateField, remindAtField } from '../../src/shared/dates';
import { recurrenceProblem } from '../../src/shared/recurrence';

const problem = (schema: v.GenericSchema, value: unknown) =>
  v.safeParse(schema, value).issues?.[0]?.message;

describe('the range of dates', () => {
  it.each(['1900-01-01', '2026-12-05', '2200-12-31'])('takes the due date %s', (date) =>
    expect(problem(dueDateField, date)).toBeUndefined(),
  );
  it.each(['0001-01-01', '1899-12-31', '2201-01-01', '9999-12-30'])(
    'refuses the due date %s',
    (date) =>
      expect(problem(dueDateField, date)).toBe(
        'dueDate must be a date from 1900-01-01 to 2200-12-31',
      ),
  );
  it('still names a malformed due date as such', () =>
    expect(problem(dueDateField, '2026-02-30')).toBe(
      'dueDate must be a calendar date written YYYY-MM-DD, e.g. 2026-12-05',
    ));
  it('checks a reminder in UTC', () => {
    expect(problem(remindAtField, '1900-01-01T00:30:00+00:30')).toBeUndefined();
    expect(problem(remindAtField, '1900-01-01T00:30:00+01:00')).toBe(
      'remindAt must be a time from 1900-01-01 to 2200-12-31 (UTC)',
    );
    expect(problem(remindAtField, '2200-12-31T23:59:59.999Z')).toBeUndefined();
    expect(problem(remindAtField, '9999-12-31T23:00:00-05:00')).toBe(
      'remindAt must be a time from 1900-01-01 to 2200-12-31 (UTC)',
    );
  });
  it('bounds a rule’s UNTIL alike', () => {
    expect(recurrenceProblem('FREQ=DAILY;UNTIL=22001231')).toBeUndefined();
    expect(recurrenceProblem('FREQ=DAILY;UNTIL=22010101')).toBe(
      'recurrence UNTIL must be a date from 19000101 to 22001231',
    );
    expect(recurrenceProblem('FREQ=DAILY;UNTIL=18991231T000000Z')).toBe(
      'recurrence UNTIL must be a date from 19000101 to 22001231',
    );
  });
});
