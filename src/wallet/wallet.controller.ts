import { Body, Controller, Get, HttpCode, Param, Post, applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClientContext, CurrentClient } from '../common/client-ip/client-context';
import { Reason } from '../common/envelope/envelope.decorator';
import { ENROLLED_DEVICE_SCHEMA, HOLDER_FLOW_ANSWER_SCHEMA, INBOX_SCHEMA } from './wallet.schemas';
import { ApiEnvelope, ApiFailure, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import { DeviceAuth } from './device-auth.decorator';
import type { ProvenKey } from '../devices/proven-key';
import { CurrentDevice, CurrentProvenKey } from './device-request';
import type { Device } from '../devices/device.entity';
import { DevicesService } from '../devices/devices.service';
import type { HolderFlowView } from '../flows/kinds/holder-flow-view';
import { HolderService } from './holder.service';
import type { InboxView } from './inbox-view';
import { ApproveFlowDto } from './approve-flow.dto';
import { DeclineFlowDto } from './decline-flow.dto';
import { DECLINE_REASON_MAX_LENGTH } from '../flows/kinds/decline-reason';
import { EnrollDeviceDto } from './enroll-device.dto';
import { PickUpFlowDto } from './pick-up-flow.dto';

const HOLDER_FLOW_EXAMPLE: HolderFlowView = {
  id: 'req_3k9XyQw2Lm8NbVc7ZrT1aSd4',
  mode: 'identification',
  startMode: 'different-device',
  action: 'login',
  app: 'Acme Shop',
  payload: 'Log in to Acme Shop',
  requestedClaims: ['naming.name', 'contact.email'],
  status: 'pending',
  held: false,
  exp: 1763700300,
};

const FlowAnswer = (summary: string, reason: string, status: 'pending' | 'active' | 'completed' | 'rejected') =>
  applyDecorators(
    ApiOperation({ summary }),
    ApiEnvelope({
      status: 201,
      description: 'The flow as the device now sees it',
      reason,
      schema: HOLDER_FLOW_ANSWER_SCHEMA,
      data: { flow: { ...HOLDER_FLOW_EXAMPLE, status, held: status !== 'pending' } },
    }),
    ApiFailure(404, 'No such flow, or not one this device may see', 'No such flow'),
    ApiFailure(409, 'The flow already ended, or another device holds it', 'The flow is already completed'),
  );

/** The Wallet API: what a holder's digital-ID app calls, every request signed by the device key (DESIGN section 6). */
@ApiTags('wallet')
@Controller('wallet/v1')
export class WalletController {
  constructor(
    private readonly devices: DevicesService,
    private readonly holder: HolderService,
  ) {}

  @Post('devices')
  @DeviceAuth('enrollment')
  @Reason('Device enrolled')
  @ApiOperation({ summary: 'Enroll this device for the NIN the enrollment code was issued for' })
  @ApiEnvelope({
    status: 201,
    description: 'The new device',
    reason: 'Device enrolled',
    schema: ENROLLED_DEVICE_SCHEMA,
    data: { device: { id: 'dev_7hQ2mN4pL8sK1vX9cB3zR6tY', nin: '10000000001', alg: 'ES256', label: "Ada's phone" } },
  })
  @ApiValidationFailure({
    path: ['code'],
    message: 'code must be longer than or equal to 4 characters',
    code: 'too_small',
  })
  @ApiFailure(409, 'The key is already enrolled', 'This public key is already enrolled as a device')
  async enroll(@Body() body: EnrollDeviceDto, @CurrentProvenKey() key: ProvenKey) {
    const device = await this.devices.enroll(body.code, key, body.label ?? 'Digital-ID app');
    return { device: { id: device.id, nin: device.nin, alg: device.alg, label: device.label } };
  }

  @Get('inbox')
  @DeviceAuth()
  @Reason('Inbox')
  @ApiOperation({ summary: 'Open flows addressed to the NIN of this device' })
  @ApiEnvelope({
    description: 'Open flows, newest first',
    reason: 'Inbox',
    schema: INBOX_SCHEMA,
    data: { flows: [HOLDER_FLOW_EXAMPLE], passkey: 'registered' },
  })
  inbox(@CurrentDevice() device: Device): Promise<InboxView> {
    return this.holder.inboxView(device);
  }

  @Post('flows/pick-up')
  @DeviceAuth()
  @Reason('Flow picked up')
  @FlowAnswer(
    'Pick up a flow by a same-device link code, a wildcard seed or an animated QR frame; the first device wins',
    'Flow picked up',
    'active',
  )
  @ApiValidationFailure({
    path: ['code'],
    message: 'code must be the 32-character code of a link or seed, or an idflow://qr frame',
    code: 'invalid_string',
  })
  async pickUp(@Body() body: PickUpFlowDto, @CurrentDevice() device: Device): Promise<{ flow: HolderFlowView }> {
    return { flow: await this.holder.pickUpByCode(device, body.code) };
  }

  @Get('flows/:flowId')
  @DeviceAuth()
  @Reason('Flow')
  @ApiOperation({ summary: 'Read a flow: the app, the action, the payload and the claims it asks for' })
  @ApiEnvelope({
    description: 'The flow',
    reason: 'Flow',
    schema: HOLDER_FLOW_ANSWER_SCHEMA,
    data: { flow: HOLDER_FLOW_EXAMPLE },
  })
  @ApiFailure(404, 'No such flow, or not one this device may see', 'No such flow')
  async read(@Param('flowId') flowId: string, @CurrentDevice() device: Device): Promise<{ flow: HolderFlowView }> {
    return { flow: await this.holder.read(device, flowId) };
  }

  @Post('flows/:flowId/accept')
  @DeviceAuth()
  @Reason('Flow accepted')
  @FlowAnswer('Accept a flow pushed to this NIN; this device then holds it', 'Flow accepted', 'active')
  async accept(@Param('flowId') flowId: string, @CurrentDevice() device: Device): Promise<{ flow: HolderFlowView }> {
    return { flow: await this.holder.accept(device, flowId) };
  }

  @Post('flows/:flowId/approve')
  @DeviceAuth()
  @Reason('Flow approved')
  @FlowAnswer('Approve, releasing the claims consented to', 'Flow approved', 'completed')
  @ApiFailure(
    403,
    'The device has a passkey and the assertion is missing, not user-verified, replayed, made for another flow or wrong',
    'Passkey refused: the assertion was made for another flow',
  )
  @ApiValidationFailure({ path: ['claims', 0], message: 'bio.gender was not requested by this flow', code: 'custom' })
  async approve(
    @Param('flowId') flowId: string,
    @Body() body: ApproveFlowDto,
    @CurrentDevice() device: Device,
    @CurrentClient() client: ClientContext,
  ): Promise<{ flow: HolderFlowView }> {
    const { passkey, ...consent } = body;
    return { flow: await this.holder.approve(device, flowId, consent, client.ip, passkey) };
  }

  @Post('flows/:flowId/decline')
  @HttpCode(201)
  @DeviceAuth()
  @Reason('Flow declined')
  @FlowAnswer('Decline the flow', 'Flow declined', 'rejected')
  @ApiValidationFailure({
    path: ['reason'],
    message: `reason must be at most ${DECLINE_REASON_MAX_LENGTH} characters`,
    code: 'too_big',
  })
  async decline(
    @Param('flowId') flowId: string,
    @Body() body: DeclineFlowDto,
    @CurrentDevice() device: Device,
    @CurrentClient() client: ClientContext,
  ): Promise<{ flow: HolderFlowView }> {
    return { flow: await this.holder.decline(device, flowId, client.ip, body.reason) };
  }
}
