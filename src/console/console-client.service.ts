import { Injectable, Logger } from '@nestjs/common';
import { NotFoundError } from '../common/errors/not-found.error';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { ServiceUnavailableError } from '../common/errors/service-unavailable.error';
import { oidcIssuer } from '../common/http/oidc-issuer';
import { AppConfig } from '../config/app-config';
import { CONSOLE_APP_ID, CONSOLE_CONSUMER_ID, CONSOLE_PATH, consoleClientId } from '../operators/console-client';
import { TenantsService } from '../tenants/tenants.service';
import type { ConsoleSettings } from './console-settings';

/**
 * Makes idflow's own console client when the console is first opened, so a fresh install signs operators in with
 * nothing configured and deployments that never open the console carry no such app. Its redirect URI follows
 * BASE_URL, checked once per process. A deployment that names its own client (CONSOLE_CLIENT_ID) keeps it as it is.
 */
@Injectable()
export class ConsoleClientService {
  private readonly logger = new Logger(ConsoleClientService.name);
  private readonly settings: ConsoleSettings;
  private ready: Promise<void> | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly tenants: TenantsService,
  ) {
    const base = config.BASE_URL.replace(/\/+$/, '');
    this.settings = {
      clientId: consoleClientId(config),
      redirectUri: `${base}${CONSOLE_PATH}`,
      issuer: oidcIssuer(base),
    };
  }

  async settingsOf(): Promise<ConsoleSettings> {
    if (this.config.CONSOLE_CLIENT_ID === undefined) {
      this.ready ??= this.provision().catch((error: unknown) => {
        this.ready = undefined;
        throw error;
      });
      await this.ready;
    }
    return this.settings;
  }

  private async provision(): Promise<void> {
    const app = (await this.existing()) ?? (await this.create());
    if (app.publicClient && app.redirectUris.length === 1 && app.redirectUris[0] === this.settings.redirectUri) return;
    try {
      await this.tenants.updateOidcClient(CONSOLE_APP_ID, {
        publicClient: true,
        redirectUris: [this.settings.redirectUri],
      });
    } catch (error) {
      if (!(error instanceof RequestValidationError)) throw error;
      // A browser would send the login's code over plain http: the provider refuses such a client, and so do we.
      throw new ServiceUnavailableError(
        `Operators cannot sign in to the console at ${this.settings.redirectUri}: ${error.issues[0]?.message}`,
      );
    }
  }

  private async existing() {
    try {
      return await this.tenants.findApp(CONSOLE_APP_ID);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  /** Two instances may both find no client and make it: the second's insert fails, and the first's stands. */
  private async create() {
    try {
      await this.tenants.findConsumer(CONSOLE_CONSUMER_ID).catch(async (error: unknown) => {
        if (!(error instanceof NotFoundError)) throw error;
        await this.tenants.createConsumer('idflow console', CONSOLE_CONSUMER_ID);
      });
      const { app } = await this.tenants.createApp({
        id: CONSOLE_APP_ID,
        consumerId: CONSOLE_CONSUMER_ID,
        name: 'idflow console',
        environment: this.config.CONSOLE_ENVIRONMENT,
        // What a login page may start: a QR code to scan or open, or a push to the operator's own app.
        scopes: ['identification:same', 'identification:wildcard', 'identification:another'],
      });
      this.logger.log(`made the console's OpenID client ${CONSOLE_APP_ID} (${app.environment})`);
      return app;
    } catch (error) {
      const made = await this.existing();
      if (made) return made;
      throw error;
    }
  }
}
