import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClaimsModule } from '../claims/claims.module';
import { FlowsModule } from '../flows/flows.module';
import { PersonsModule } from '../persons/persons.module';
import { DeviceProofService } from './device-proof.service';
import { Device } from './device.entity';
import { DeviceGuard } from './device.guard';
import { DevicesModule } from './devices.module';
import { HolderService } from './holder.service';
import { OpenLinkController } from './open-link.controller';
import { UsedProof } from './used-proof.entity';
import { WalletController } from './wallet.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Device, UsedProof]), DevicesModule, FlowsModule, PersonsModule, ClaimsModule],
  controllers: [WalletController, OpenLinkController],
  providers: [DeviceProofService, DeviceGuard, HolderService],
  exports: [DevicesModule, HolderService],
})
export class WalletModule {}
