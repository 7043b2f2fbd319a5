import { Body, Controller, Param, Post, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import { Reason } from '../common/envelope/envelope.decorator';
import { OBSERVED_FLOW_SCHEMA } from '../flows/flow.schemas';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { FLOW_VIEW_EXAMPLE } from '../flows/flow-examples';
import type { FlowView, ObservedView } from '../flows/flow-view';
import { LIVE_KEY_REFUSED, SandboxSimulatorService } from './sandbox-simulator.service';
import { SimulatedApprovalDto } from './simulated-approval.dto';
import { SimulatedDeclineDto } from './simulated-decline.dto';
import { SimulatedHolderDto } from './simulated-holder.dto';
import { SimulatedPresentationDto } from './simulated-presentation.dto';
import type { WalletErasureView } from '../eudi/wallet-erasure-view';
import { WALLET_ERASURE_EXAMPLE } from '../eudi/erasure.schemas';
import { SANDBOX_ERASURE_SCHEMA } from './sandbox-erasure.schemas';

const SimulatorRoute = (summary: string, reason: string, example: Partial<FlowView>) =>
  applyDecorators(
    Auth(ROUTE_CREDENTIALS.sandbox),
    Reason(reason),
    ApiOperation({ summary }),
    ApiEnvelope({
      status: 201,
      description: 'The flow after the simulated holder acted',
      reason,
      schema: OBSERVED_FLOW_SCHEMA,
      data: { request: { ...FLOW_VIEW_EXAMPLE, ...example } },
    }),
    ApiValidationFailure({
      path: ['nin'],
      message: 'nin must be a synthetic test person with a digital ID',
      code: 'custom',
    }),
    ApiFailure(403, 'A live (bk-live_) key: the simulator serves sandbox apps only', LIVE_KEY_REFUSED),
    ApiFailure(404, 'No such flow of this app', 'No such flow'),
    ApiFailure(409, 'The flow already ended, or another device holds it', 'The flow is already completed'),
  );

/** The sandbox simulator (DESIGN section 6): a test person's virtual device, driven by the integrator. */
@ApiTags('sandbox')
@Controller('api/v2/sandbox/flows')
export class SandboxSimulatorController {
  constructor(private readonly simulator: SandboxSimulatorService) {}

  @Post(':flowId/scan')
  @SimulatorRoute(
    'Pick the flow up as a test person would (open the link, scan a seed, accept the push)',
    'Flow picked up',
    {
      status: 'active',
      claims: undefined,
      subject: undefined,
    },
  )
  async scan(
    @Param('flowId') flowId: string,
    @Body() body: SimulatedHolderDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ request: ObservedView }> {
    return { request: await this.simulator.pickUp(principal, flowId, body.nin) };
  }

  @Post(':flowId/approve')
  @SimulatorRoute('Approve as a test person, releasing the consented claims', 'Flow approved', {})
  async approve(
    @Param('flowId') flowId: string,
    @Body() body: SimulatedApprovalDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<{ request: ObservedView }> {
    return { request: await this.simulator.approve(principal, flowId, body.nin, body.claims, client.ip) };
  }

  @Post(':flowId/present')
  @SimulatorRoute(
    "Answer a wallet identification or signing as a test person's EU wallet: a PID from the sandbox PID issuer, presented to the verifier (approving a signing flow's transaction data)",
    'Presentation verified',
    {},
  )
  async present(
    @Param('flowId') flowId: string,
    @Body() body: SimulatedPresentationDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ request: ObservedView }> {
    return { request: await this.simulator.present(principal, flowId, body.nin, body.format, body.status) };
  }

  @Post(':flowId/reject')
  @SimulatorRoute('Decline as a test person', 'Flow rejected', {
    status: 'rejected',
    cancelled: true,
    claims: undefined,
    subject: undefined,
  })
  async reject(
    @Param('flowId') flowId: string,
    @Body() body: SimulatedDeclineDto,
    @CurrentPrincipal() principal: Principal,
    @CurrentClient() client: ClientContext,
  ): Promise<{ request: ObservedView }> {
    return { request: await this.simulator.reject(principal, flowId, body.nin, client.ip, body.reason) };
  }

  @Post(':flowId/erase')
  @Auth(ROUTE_CREDENTIALS.sandbox)
  @Reason('Erasure requested')
  @ApiOperation({
    summary:
      "Ask, as the test person's EU wallet that presented to a wallet identification, for what it released to be " +
      'erased: the signed erasure request a real wallet sends, to the same endpoint code',
  })
  @ApiEnvelope({
    status: 201,
    description: "The flow as it now stands (its claims erased), the erasure's record, and whether it repeats one",
    reason: 'Erasure requested',
    schema: SANDBOX_ERASURE_SCHEMA,
    data: {
      request: { ...FLOW_VIEW_EXAMPLE, claims: {} },
      erasure: WALLET_ERASURE_EXAMPLE,
      repeated: false,
    },
  })
  @ApiValidationFailure({
    path: [],
    message: 'Only wallet identifications are erased by their wallet',
    code: 'custom',
  })
  @ApiFailure(403, 'A live (bk-live_) key: the simulator serves sandbox apps only', LIVE_KEY_REFUSED)
  @ApiFailure(
    404,
    'No such flow of this app, or one its wallet has not presented to',
    'The erasure request names no presentation this verifier accepted (nonce): nothing was released here',
  )
  async erase(
    @Param('flowId') flowId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ request: ObservedView; erasure: WalletErasureView; repeated: boolean }> {
    return this.simulator.requestErasure(principal, flowId);
  }
}
