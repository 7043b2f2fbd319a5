import { UnitOfWork } from '../platform/unit-of-work';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboundModule } from '../common/outbound/outbound.module';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { Device } from './device.entity';
import { DeviceRepository } from './device.repository';
import { DeviceRevocationHooks } from './device-revocation.hooks';
import { DevicePasskey } from './device-passkey.entity';
import { DevicePushService } from './device-push.service';
import { DevicePushSubscription } from './device-push-subscription.entity';
import { DevicePushSubscriptionRepository } from './device-push-subscription.repository';
import { DevicesService } from './devices.service';
import { EnrollmentCode } from './enrollment-code.entity';
import { PasskeyChallenge } from './passkey-challenge.entity';
import { PasskeyRepository } from './passkey.repository';
import { PasskeysService } from './passkeys.service';

/** Holders' devices, their passkeys, push subscriptions and enrollment, without the Wallet API routes: the CLI and the sandbox use it too. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Device, EnrollmentCode, DevicePasskey, PasskeyChallenge, DevicePushSubscription]),
    OutboundModule,
    ServiceKeyModule,
  ],
  providers: [
    DevicesService,
    PasskeysService,
    DevicePushService,
    DeviceRevocationHooks,
    DeviceRepository,
    PasskeyRepository,
    DevicePushSubscriptionRepository,
    UnitOfWork,
  ],
  exports: [DevicesService, PasskeysService, DevicePushService, DeviceRevocationHooks],
})
export class DevicesModule {}
