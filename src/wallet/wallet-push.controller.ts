import { Body, Controller, Get, HttpCode, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reason } from '../common/envelope/envelope.decorator';
import { ApiEnvelope, ApiValidationFailure } from '../common/openapi/api-envelope.decorator';
import type { Device } from '../devices/device.entity';
import { DevicePushService } from '../devices/device-push.service';
import { DeviceAuth } from './device-auth.decorator';
import { CurrentDevice } from './device-request';
import { PushSubscriptionDto } from './push-subscription.dto';
import { PUSH_SETTINGS_SCHEMA } from './wallet.schemas';

const APPLICATION_SERVER_KEY_EXAMPLE =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

/** The Wallet API's Web Push routes: the app subscribes with the service's VAPID key and hands the subscription over. */
@ApiTags('wallet')
@Controller('wallet/v1/devices/push-subscription')
export class WalletPushController {
  constructor(private readonly push: DevicePushService) {}

  @Get()
  @DeviceAuth()
  @Reason('Push settings')
  @ApiOperation({
    summary: "The service's VAPID public key to subscribe with, and whether this device has a subscription",
    description: 'Added to v1 without changing what devices that never subscribe do.',
  })
  @ApiEnvelope({
    description: 'What the app needs to subscribe',
    reason: 'Push settings',
    schema: PUSH_SETTINGS_SCHEMA,
    data: { push: { applicationServerKey: APPLICATION_SERVER_KEY_EXAMPLE, subscribed: false } },
  })
  async settings(@CurrentDevice() device: Device) {
    return {
      push: {
        applicationServerKey: this.push.applicationServerKey(),
        subscribed: await this.push.isSubscribed(device),
      },
    };
  }

  @Put()
  @HttpCode(200)
  @DeviceAuth()
  @Reason('Push subscription saved')
  @ApiOperation({
    summary: "Register this device's push subscription, replacing the one it had",
    description:
      'Each flow pushed to the NIN then sends one encrypted notification (RFC 8291) whose payload is ' +
      '`{"flow":"<flow id>"}`. A subscription the push service answers 404 or 410 for is deleted.',
  })
  @ApiEnvelope({
    description: 'The subscription is saved',
    reason: 'Push subscription saved',
    schema: PUSH_SETTINGS_SCHEMA,
    data: { push: { applicationServerKey: APPLICATION_SERVER_KEY_EXAMPLE, subscribed: true } },
  })
  @ApiValidationFailure({ path: ['endpoint'], message: 'endpoint: The URL must use https', code: 'custom' })
  async subscribe(@CurrentDevice() device: Device, @Body() body: PushSubscriptionDto) {
    await this.push.subscribe(device, body);
    return { push: { applicationServerKey: this.push.applicationServerKey(), subscribed: true } };
  }
}
