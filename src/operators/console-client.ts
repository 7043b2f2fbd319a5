import type { AppConfig } from '../config/app-config';

/**
 * idflow's own console client: an app of the deployment itself, under the same id everywhere, so that a fresh install
 * signs its operators in with nothing configured. Ids are per deployment anyway: the pseudonyms its logins carry are
 * made with the deployment's own service key.
 */
export const CONSOLE_APP_ID = 'app_idflowConsole00000000000';
export const CONSOLE_CONSUMER_ID = 'bcn_idflowConsole00000000000';

/** The path under BASE_URL the console is served at and its logins return to. */
export const CONSOLE_PATH = '/console/';

/** The OpenID client whose logins sign operators in: CONSOLE_CLIENT_ID when the operator named one, else idflow's own. */
export function consoleClientId(config: Pick<AppConfig, 'CONSOLE_CLIENT_ID'>): string {
  return config.CONSOLE_CLIENT_ID ?? CONSOLE_APP_ID;
}
