/** The sign-in forms' validation: the shared valibot schemas through react-hook-form's resolver. */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { loginSchema, registerSchema } from '../../shared/schemas';

export const loginResolver = valibotResolver(loginSchema);
export const registerResolver = valibotResolver(registerSchema);
