import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth } from '../access/auth.decorator';
import { CurrentPrincipal } from '../auth/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ROUTE_CREDENTIALS } from '../auth/route-credentials';
import { Reason } from '../common/envelope/envelope.decorator';
import { OBSERVED_FLOW_SCHEMA } from '../flows/flow.schemas';
import { ApiEnvelope, ApiFailure } from '../common/openapi/api-envelope.decorator';
import { FLOW_VIEW_EXAMPLE } from '../flows/flow-examples';
import type { ObservedView } from '../flows/flow-view';
import { LIVE_KEY_REFUSED, SandboxSimulatorService } from './sandbox-simulator.service';
import { SimulatedScanDto } from './simulated-scan.dto';

/** The simulator's camera: a test person's virtual device scans or opens what a real phone would. */
@ApiTags('sandbox')
@Controller('api/v2/sandbox')
export class SandboxScanController {
  constructor(private readonly simulator: SandboxSimulatorService) {}

  @Post('scan')
  @Auth(ROUTE_CREDENTIALS.sandbox)
  @Reason('Flow picked up')
  @ApiOperation({
    summary: 'Pick a flow up as a test person would, from a link, a code, a seed URI or an animated QR frame',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The flow after the virtual device picked it up',
    reason: 'Flow picked up',
    schema: OBSERVED_FLOW_SCHEMA,
    data: {
      request: { ...FLOW_VIEW_EXAMPLE, status: 'active', hint: 'started', claims: undefined, subject: undefined },
    },
  })
  @ApiFailure(
    400,
    'A QR frame out of its time or not of this flow, or a static seed while they are off',
    'This QR frame is 30 seconds off (at most 10): scan the code on the screen again',
  )
  @ApiFailure(403, 'A live (bk-live_) key: the simulator serves sandbox apps only', LIVE_KEY_REFUSED)
  @ApiFailure(404, 'Nothing of this app answers to the code', 'No such flow')
  @ApiFailure(
    409,
    'The flow already ended, or another device holds it',
    'The flow has already been picked up by another device',
  )
  async scan(
    @Body() body: SimulatedScanDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<{ request: ObservedView }> {
    return { request: await this.simulator.scan(principal, body.code, body.nin) };
  }
}
