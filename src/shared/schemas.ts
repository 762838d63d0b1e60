/**
 * Validation rules shared by the SPA forms and the API server, so the two cannot drift.
 * Messages quoted in the product spec are kept word for word; the upper limits come from the
 * API contract and follow the spec's tone.
 */
import * as v from 'valibot';
import { LARGEST_ID } from './ids';
import { dueDateField, remindAtField } from './dates';
import { labelsRelationField } from './label-relation';
import { parentRelationField } from './parent-relation';
import { positionFieldOf } from './position';
import { NO_PRIORITY, priorityField } from './priority';
import { projectRelationField } from './project-relation';
import { recurrenceField } from './recurrence';

export const LIMITS = {
  emailMax: 254,
  usernameMin: 3,
  usernameMax: 50,
  passwordMin: 6,
  passwordMax: 128,
  titleMin: 1,
  titleMax: 255,
  descriptionMax: 10_000,
} as const;

/** Length in code points, so an emoji counts as one character, as a person would count it. */
const codePointLength = (text: string): number => {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};

export const emailField = v.pipe(
  v.string('Email is required'),
  v.nonEmpty('Email is required'),
  v.email('Invalid email format'),
  v.maxLength(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`),
);

const passwordBase = v.pipe(
  v.string('Password is required'),
  v.nonEmpty('Password is required'),
  v.minLength(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`),
  v.maxLength(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
);

export const loginPasswordField = passwordBase;

export const newPasswordField = v.pipe(
  passwordBase,
  v.regex(/[a-z]/, 'Password must contain at least one lowercase letter'),
  v.regex(/[A-Z]/, 'Password must contain at least one uppercase letter'),
  v.regex(/[0-9]/, 'Password must contain at least one number'),
  v.regex(/[!@#$%^&*]/, 'Password must contain at least one special character'),
);

export const usernameField = v.pipe(
  v.string('Username is required'),
  v.nonEmpty('Username is required'),
  v.minLength(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters`),
  v.check((name) => !/\s/.test(name), 'Username cannot contain spaces'),
  v.regex(/^[A-Za-z0-9_]*$/, 'Username can only contain letters, numbers, and underscores'),
  v.maxLength(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`),
);

export const titleField = v.pipe(
  v.string('Title is required'),
  v.trim(),
  v.nonEmpty('Title is required'),
  v.minLength(LIMITS.titleMin, `Title must be at least ${LIMITS.titleMin} characters`),
  v.check(
    (title) => codePointLength(title) <= LIMITS.titleMax,
    `Title must be at most ${LIMITS.titleMax} characters`,
  ),
);

export const descriptionField = v.pipe(
  v.string('Description must be text'),
  v.check(
    (text) => codePointLength(text) <= LIMITS.descriptionMax,
    `Description must be at most ${LIMITS.descriptionMax} characters`,
  ),
);

/** The login form: the SPA signs in with an email. */
export const loginSchema = v.object({
  identifier: emailField,
  password: loginPasswordField,
});

export const registerSchema = v.object({
  email: emailField,
  username: usernameField,
  password: newPasswordField,
});

export const todoFormSchema = v.object({
  title: titleField,
  description: v.optional(descriptionField, ''),
});

export type LoginForm = v.InferInput<typeof loginSchema>;
export type RegisterForm = v.InferInput<typeof registerSchema>;

// ---- API request bodies (the server validates with these) ----

/**
 * Messages for the body's own issues: a missing key gets its field's "required" message, and an
 * unknown key is refused, so a body can never set a field the API does not offer.
 */
export const bodyMessages =
  (required: Record<string, string>) =>
  (issue: v.StrictObjectIssue): string => {
    const key = issue.received.replace(/^"|"$/g, '');
    if (issue.expected === 'never') return `${key} is not an accepted field`;
    const missing = issue.expected.replace(/^"|"$/g, '');
    if (issue.received === 'undefined' && required[missing]) return required[missing];
    return 'The body must be a JSON object';
  };

export const registerBodySchema = v.strictObject(
  { email: emailField, username: usernameField, password: newPasswordField },
  bodyMessages({
    email: 'Email is required',
    username: 'Username is required',
    password: 'Password is required',
  }),
);

/** The server accepts an email or a username as identifier. */
export const loginBodySchema = v.strictObject(
  {
    identifier: v.pipe(
      v.string('identifier is a required field'),
      v.nonEmpty('identifier is a required field'),
      v.maxLength(1024, 'identifier is too long'),
    ),
    password: v.pipe(
      v.string('password is a required field'),
      v.nonEmpty('password is a required field'),
      v.maxLength(1024, 'password is too long'),
    ),
  },
  bodyMessages({
    identifier: 'identifier is a required field',
    password: 'password is a required field',
  }),
);

const todoDescription = v.nullable(descriptionField);
const todoCompleted = v.boolean('completed must be true or false');

const todoPosition = positionFieldOf(
  'the todo’s place among its siblings in the owner’s order (ascending, sort=position:asc); default: its id',
);

/** A recurrence repeats from the due date: the API refuses one without it. */
export const RECURRENCE_NEEDS_DUE_DATE = 'A recurrence needs a dueDate';

/** The create's fields, also used alone by the import (which ignores other columns). */
export const todoCreateEntries = {
  title: titleField,
  description: v.optional(todoDescription, null),
  completed: v.optional(todoCompleted, false),
  dueDate: v.optional(dueDateField, null),
  remindAt: v.optional(remindAtField, null),
  recurrence: v.optional(recurrenceField, null),
  priority: v.optional(priorityField, NO_PRIORITY),
  /** Absent: the todo's id, so a new todo comes last in the order. */
  position: v.optional(todoPosition),
  /** The project's id, null or absent for the Inbox (a subtask's: its parent's); the server checks it is the caller's. */
  project: v.optional(projectRelationField),
  /** The parent todo's id (a subtask, in its parent's project); absent or null: a root. */
  parent: v.optional(parentRelationField),
  /** The todo's labels (label ids of the caller); the server checks they are the caller's. */
  labels: v.optional(labelsRelationField),
  /** Checked against the caller by the route: only the caller may be named. */
  user: v.optional(v.unknown()),
};

export const todoCreateDataSchema = v.pipe(
  v.strictObject(todoCreateEntries, bodyMessages({ title: 'title is a required field' })),
  v.forward(
    v.check((data) => data.recurrence === null || data.dueDate !== null, RECURRENCE_NEEDS_DUE_DATE),
    ['recurrence'],
  ),
);

/** PUT's fields; whether a recurrence keeps a due date depends on the stored todo, so the server checks that. */
export const todoUpdateDataSchema = v.pipe(
  v.strictObject(
    {
      title: v.optional(titleField),
      description: v.optional(todoDescription),
      completed: v.optional(todoCompleted),
      dueDate: v.optional(dueDateField),
      remindAt: v.optional(remindAtField),
      recurrence: v.optional(recurrenceField),
      priority: v.optional(priorityField),
      position: v.optional(todoPosition),
      project: v.optional(projectRelationField),
      parent: v.optional(parentRelationField),
      labels: v.optional(labelsRelationField),
      user: v.optional(v.unknown()),
    },
    bodyMessages({}),
  ),
  v.check(
    (data) => Object.entries(data).some(([key, value]) => key !== 'user' && value !== undefined),
    'Give at least one of title, description, completed, dueDate, remindAt, recurrence, priority, position, project, parent or labels',
  ),
);

/** ?scope= of PUT and DELETE on an occurrence of a series: this one only, or this and the following ones. */
export const SCOPES = ['this', 'following'] as const;
export type Scope = (typeof SCOPES)[number];

export const scopeEntry = v.optional(
  v.pipe(
    v.picklist(SCOPES, 'scope must be this or following'),
    v.description('for an occurrence of a series'),
  ),
  'this',
);

export const scopeQuerySchema = v.object({ scope: scopeEntry });

export { LARGEST_ID };

/** A todo's id in a path (/todos/:id): a positive integer in the ids' range, or no todo at all. */
export const todoIdParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number), v.maxValue(LARGEST_ID)),
});
