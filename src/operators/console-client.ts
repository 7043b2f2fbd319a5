import type { AppConfig } from '../config/app-config';

/**
 * idflow's own console clients: apps of the deployment itself, under the same ids everywhere, so that a fresh install
 * signs its operators in with nothing configured. Ids are per deployment anyway: the pseudonyms its logins carry are
 * made with the deployment's own service key. One client per environment, so that a deployment tried out in the
 * sandbox and then set to production signs operators in with real digital IDs only: the sandbox client, whose
 * simulator approves as any test person, is no longer the one the console uses.
 */
export const CONSOLE_APP_IDS: Readonly<Record<AppConfig['CONSOLE_ENVIRONMENT'], string>> = {
  production: 'app_idflowConsole00000000000',
  sandbox: 'app_idflowConsoleSandbox0000',
};
export const CONSOLE_CONSUMER_ID = 'bcn_idflowConsole00000000000';

/** The path under BASE_URL the console is served at and its logins return to. */
export const CONSOLE_PATH = '/console/';

/**
 * The OpenID client whose logins sign operators in: CONSOLE_CLIENT_ID when the operator named one, else idflow's own
 * for CONSOLE_ENVIRONMENT.
 */
export function consoleClientId(config: Pick<AppConfig, 'CONSOLE_CLIENT_ID' | 'CONSOLE_ENVIRONMENT'>): string {
  return config.CONSOLE_CLIENT_ID ?? CONSOLE_APP_IDS[config.CONSOLE_ENVIRONMENT];
}
