// The server's TypeScript, imported as is (tsx) so the bench follows schema changes; one import
// for the whole bench (see server-code.ts).
import { tsImport } from 'tsx/esm/api';

export const serverCode = await tsImport('./server-code.ts', import.meta.url);
