import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ClientContext } from '../common/client-ip/client-context';
import { ForbiddenError } from '../common/errors/forbidden.error';
import { SandboxSimulatorService } from '../sandbox/sandbox-simulator.service';
import { VirtualHolderService } from '../sandbox/virtual-holder.service';
import { LoginInteractions } from './login-interactions';
import { LoginPages } from './login-pages';
import type { LoginProgress } from './login-progress';
import { OidcLoginService } from './oidc-login.service';

/** The sandbox's way through a login page: approving as a test person, without a phone. */
@Injectable()
export class OidcSandboxLoginService {
  constructor(
    private readonly interactions: LoginInteractions,
    private readonly pages: LoginPages,
    private readonly logins: OidcLoginService,
    private readonly virtualHolders: VirtualHolderService,
    private readonly simulator: SandboxSimulatorService,
  ) {}

  /**
   * Sandbox apps: a test person approves through their virtual device, as their phone would: it picks up the flow
   * whose QR code the page shows, or answers the push the page sent to them.
   */
  async approveAsTestPerson(
    request: Request,
    response: Response,
    nin: string,
    client: ClientContext,
  ): Promise<LoginProgress> {
    const { interaction, app } = await this.interactions.of(request, response);
    if (app.environment !== 'sandbox' || !(await this.virtualHolders.isTestPerson(nin))) {
      throw new ForbiddenError('Only a sandbox app can approve as a test person');
    }
    const page = await this.pages.pageOf(interaction.uid);
    const principal = await this.interactions.principalOf(app);
    await this.simulator.approve(principal, page.flowId, nin, undefined, client.ip);
    return this.logins.progress(request, response);
  }
}
