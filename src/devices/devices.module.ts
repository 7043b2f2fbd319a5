import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Device } from './device.entity';
import { DeviceRevocationHooks } from './device-revocation.hooks';
import { DevicePasskey } from './device-passkey.entity';
import { DevicesService } from './devices.service';
import { EnrollmentCode } from './enrollment-code.entity';
import { PasskeyChallenge } from './passkey-challenge.entity';
import { PasskeysService } from './passkeys.service';

/** Holders' devices, their passkeys and enrollment, without the Wallet API routes: the CLI and the sandbox use it too. */
@Module({
  imports: [TypeOrmModule.forFeature([Device, EnrollmentCode, DevicePasskey, PasskeyChallenge])],
  providers: [DevicesService, PasskeysService, DeviceRevocationHooks],
  exports: [DevicesService, PasskeysService, DeviceRevocationHooks],
})
export class DevicesModule {}
