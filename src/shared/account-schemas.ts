/**
 * Bodies of the account calls (Strapi v4 users-permissions shapes): change and reset a password,
 * ask for a reset or a confirmation mail, delete the account. The server validates with these and
 * the SPA's forms use them, so both give the same messages.
 */
import * as v from 'valibot';
import { bodyMessages, emailField, newPasswordField } from './schemas';

const PASSWORDS_DIFFER = 'Passwords do not match';

const givenPassword = (name: string) =>
  v.pipe(
    v.string(`${name} is a required field`),
    v.nonEmpty(`${name} is a required field`),
    v.maxLength(1024, `${name} is too long`),
  );

const newPasswordEntries = {
  password: newPasswordField,
  passwordConfirmation: givenPassword('passwordConfirmation'),
};
const newPasswordRequired = {
  password: 'Password is required',
  passwordConfirmation: 'passwordConfirmation is a required field',
};

/** The two new passwords must be equal; the message goes under the confirmation. */
const SAME_TWICE = [['password'], ['passwordConfirmation']] as const;
const sameTwice = (input: { password: string; passwordConfirmation: string }) =>
  input.password === input.passwordConfirmation;

export const changePasswordBodySchema = v.pipe(
  v.strictObject(
    { currentPassword: givenPassword('currentPassword'), ...newPasswordEntries },
    bodyMessages({
      currentPassword: 'currentPassword is a required field',
      ...newPasswordRequired,
    }),
  ),
  v.forward(v.partialCheck(SAME_TWICE, sameTwice, PASSWORDS_DIFFER), ['passwordConfirmation']),
);

export const resetPasswordBodySchema = v.pipe(
  v.strictObject(
    { code: givenPassword('code'), ...newPasswordEntries },
    bodyMessages({ code: 'code is a required field', ...newPasswordRequired }),
  ),
  v.forward(v.partialCheck(SAME_TWICE, sameTwice, PASSWORDS_DIFFER), ['passwordConfirmation']),
);

/** The query of the reset link check: the link's code. */
export const resetCodeQuerySchema = v.object({ code: givenPassword('code') });

/** forgot-password and send-email-confirmation. */
export const emailBodySchema = v.strictObject(
  { email: emailField },
  bodyMessages({ email: 'Email is required' }),
);

export const deleteAccountBodySchema = v.strictObject(
  { password: givenPassword('password') },
  bodyMessages({ password: 'password is a required field' }),
);

export type ChangePasswordForm = v.InferInput<typeof changePasswordBodySchema>;
export type ResetPasswordForm = v.InferInput<typeof resetPasswordBodySchema>;

// ---- The SPA's forms: the same rules, with messages that name the fields as the forms label them ----

const confirmation = v.pipe(
  v.string('Please confirm the new password'),
  v.nonEmpty('Please confirm the new password'),
);
const currentPassword = v.pipe(
  v.string('Current password is required'),
  v.nonEmpty('Current password is required'),
);

export const resetPasswordFormSchema = v.pipe(
  v.object({ password: newPasswordField, passwordConfirmation: confirmation }),
  v.forward(v.partialCheck(SAME_TWICE, sameTwice, PASSWORDS_DIFFER), ['passwordConfirmation']),
);

export const changePasswordFormSchema = v.pipe(
  v.object({ currentPassword, password: newPasswordField, passwordConfirmation: confirmation }),
  v.forward(v.partialCheck(SAME_TWICE, sameTwice, PASSWORDS_DIFFER), ['passwordConfirmation']),
);

export const emailFormSchema = v.object({ email: emailField });

export const deleteAccountFormSchema = v.object({
  password: v.pipe(v.string('Password is required'), v.nonEmpty('Password is required')),
});
