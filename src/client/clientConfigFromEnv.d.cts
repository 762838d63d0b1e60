import type { ClientConfig } from './config';
declare function clientConfigFromEnv(
  env: Record<string, string | undefined>,
  devTools: boolean,
): ClientConfig;
export = clientConfigFromEnv;
