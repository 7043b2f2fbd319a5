import { OpenStreamsModule } from '../common/http/open-streams.module';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FlowsModule } from '../flows/flows.module';
import { DeviceProofService } from './device-proof.service';
import { DeviceStreamController } from './device-stream.controller';
import { DeviceStreamService } from './device-stream.service';
import { DeviceGuard } from './device.guard';
import { DevicesModule } from '../devices/devices.module';
import { HolderService } from './holder.service';
import { OpenLinkController } from './open-link.controller';
import { UsedProof } from './used-proof.entity';
import { UsedProofRepository } from './used-proof.repository';
import { UsedProofRetention } from './used-proof-retention';
import { WalletController } from './wallet.controller';
import { WalletPasskeysController } from './wallet-passkeys.controller';
import { WalletPushController } from './wallet-push.controller';
import { WalletAccountController } from './wallet-account.controller';
import { FlowPushNotifier } from './flow-push-notifier';

/** The Wallet API: the device-facing HTTP surface (proofs, inbox, flows, the device stream, Web Push, the open-link page). */
@Module({
  imports: [TypeOrmModule.forFeature([UsedProof]), DevicesModule, FlowsModule, OpenStreamsModule],
  controllers: [
    WalletController,
    WalletPasskeysController,
    WalletPushController,
    WalletAccountController,
    DeviceStreamController,
    OpenLinkController,
  ],
  providers: [
    DeviceProofService,
    DeviceGuard,
    HolderService,
    DeviceStreamService,
    UsedProofRetention,
    UsedProofRepository,
    FlowPushNotifier,
  ],
  exports: [HolderService],
})
export class WalletModule {}
