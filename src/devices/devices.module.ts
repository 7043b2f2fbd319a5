import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Device } from './device.entity';
import { DevicesService } from './devices.service';
import { EnrollmentCode } from './enrollment-code.entity';

/** Holders' devices and enrollment, without the Wallet API routes: the CLI and the sandbox use it too. */
@Module({
  imports: [TypeOrmModule.forFeature([Device, EnrollmentCode])],
  providers: [DevicesService],
  exports: [DevicesService],
})
export class DevicesModule {}
