import { Injectable, Logger } from '@nestjs/common';
import { NotFoundError } from '../common/errors/not-found.error';
import { RequestValidationError } from '../common/errors/request-validation.error';
import { ServiceUnavailableError } from '../common/errors/service-unavailable.error';
import { oidcIssuer } from '../common/http/oidc-issuer';
import { AppConfig } from '../config/app-config';
import { CONSOLE_CONSUMER_ID, CONSOLE_PATH, consoleClientId } from '../operators/console-client';
import type { ConsumerApp } from '../tenants/consumer-app.entity';
import { TenantsService } from '../tenants/tenants.service';
import type { ConsoleSettings } from './console-settings';

/**
 * Makes idflow's own console client for CONSOLE_ENVIRONMENT when the console is first opened, so a fresh install signs
 * operators in with nothing configured and deployments that never open the console carry no such app. Its redirect
 * URI follows BASE_URL, checked once per process. A deployment that names its own client (CONSOLE_CLIENT_ID) keeps it
 * as it is.
 */
@Injectable()
export class ConsoleClientService {
  private readonly logger = new Logger(ConsoleClientService.name);
  private readonly clientId: string;
  private readonly redirectUri: string;
  private readonly issuer: string;
  private ready: Promise<ConsoleSettings> | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly tenants: TenantsService,
  ) {
    const base = config.BASE_URL.replace(/\/+$/, '');
    this.clientId = consoleClientId(config);
    this.redirectUri = `${base}${CONSOLE_PATH}`;
    this.issuer = oidcIssuer(base);
  }

  settingsOf(): Promise<ConsoleSettings> {
    this.ready ??= this.client().then(
      (app) => ({
        clientId: this.clientId,
        redirectUri: this.redirectUri,
        issuer: this.issuer,
        environment: app.environment,
      }),
      (error: unknown) => {
        this.ready = undefined;
        throw error;
      },
    );
    return this.ready;
  }

  /** The console's client: idflow's own, made or brought in step, or the app CONSOLE_CLIENT_ID names. */
  private async client(): Promise<ConsumerApp> {
    if (this.config.CONSOLE_CLIENT_ID === undefined) return this.provision();
    const named = await this.existing();
    if (named) return named;
    throw new ServiceUnavailableError(
      `Operators cannot sign in to the console: CONSOLE_CLIENT_ID names ${this.clientId}, and there is no such app`,
    );
  }

  private async provision(): Promise<ConsumerApp> {
    const app = (await this.existing()) ?? (await this.create());
    if (app.publicClient && app.redirectUris.length === 1 && app.redirectUris[0] === this.redirectUri) return app;
    try {
      return await this.tenants.updateOidcClient(this.clientId, {
        publicClient: true,
        redirectUris: [this.redirectUri],
      });
    } catch (error) {
      if (!(error instanceof RequestValidationError)) throw error;
      // A browser would send the login's code over plain http: the provider refuses such a client, and so do we.
      throw new ServiceUnavailableError(
        `Operators cannot sign in to the console at ${this.redirectUri}: ${error.issues[0]?.message}`,
      );
    }
  }

  private async existing() {
    try {
      return await this.tenants.findApp(this.clientId);
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
        // Operators signing in to idflow's own console run the service; they are not a consumer of it.
        await this.tenants.createConsumer('idflow console', CONSOLE_CONSUMER_ID, false);
      });
      const { app } = await this.tenants.createApp({
        id: this.clientId,
        consumerId: CONSOLE_CONSUMER_ID,
        name: 'idflow console',
        environment: this.config.CONSOLE_ENVIRONMENT,
        // What a login page may start: a QR code to scan or open, or a push to the operator's own app.
        scopes: ['identification:same', 'identification:wildcard', 'identification:another'],
      });
      this.logger.log(`made the console's OpenID client ${app.id} (${app.environment})`);
      return app;
    } catch (error) {
      const made = await this.existing();
      if (made) return made;
      throw error;
    }
  }
}
