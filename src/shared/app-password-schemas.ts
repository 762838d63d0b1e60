/** App passwords: the body of POST /api/app-passwords (Strapi's `{ data: … }` around it). */
import * as v from 'valibot';
import { projectNameField } from './project-schemas';
import { bodyMessages } from './schemas';

/** How many app passwords one user may keep (one per device is the idea). */
export const MAX_APP_PASSWORDS = 50;

/** The device's name ("iPhone", "Thunderbird"): a project name's rules, 1–100 code points trimmed. */
export const appPasswordCreateDataSchema = v.strictObject(
  { name: projectNameField },
  bodyMessages({ name: 'name is a required field' }),
);
export type AppPasswordCreateData = v.InferOutput<typeof appPasswordCreateDataSchema>;
