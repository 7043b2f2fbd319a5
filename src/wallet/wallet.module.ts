import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClaimsModule } from '../claims/claims.module';
import { DocumentsModule } from '../documents/documents.module';
import { FlowsModule } from '../flows/flows.module';
import { PersonsModule } from '../persons/persons.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { DeviceProofService } from './device-proof.service';
import { DeviceStreamController } from './device-stream.controller';
import { DeviceStreamService } from './device-stream.service';
import { DeviceGuard } from './device.guard';
import { DevicesModule } from '../devices/devices.module';
import { HolderService } from './holder.service';
import { OpenLinkController } from './open-link.controller';
import { UsedProof } from './used-proof.entity';
import { WalletController } from './wallet.controller';

@Module({
  imports: [
    TypeOrmModule.forFeature([UsedProof]),
    DevicesModule,
    FlowsModule,
    PersonsModule,
    ClaimsModule,
    SignaturesModule,
    DocumentsModule,
  ],
  controllers: [WalletController, DeviceStreamController, OpenLinkController],
  providers: [DeviceProofService, DeviceGuard, HolderService, DeviceStreamService],
  exports: [DevicesModule, HolderService],
})
export class WalletModule {}
