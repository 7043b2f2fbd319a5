import { Module } from '@nestjs/common';
import { DevicesModule } from '../devices/devices.module';
import { EudiModule } from '../eudi/eudi.module';
import { FlowsModule } from '../flows/flows.module';
import { PersonsModule } from '../persons/persons.module';
import { WalletModule } from '../wallet/wallet.module';
import { SandboxScanController } from './sandbox-scan.controller';
import { SandboxSimulatorController } from './sandbox-simulator.controller';
import { SandboxSimulatorService } from './sandbox-simulator.service';
import { VirtualDeviceSigner } from './virtual-device.signer';
import { VirtualHolderService } from './virtual-holder.service';

@Module({
  imports: [FlowsModule, PersonsModule, DevicesModule, WalletModule, EudiModule],
  controllers: [SandboxSimulatorController, SandboxScanController],
  providers: [SandboxSimulatorService, VirtualDeviceSigner, VirtualHolderService],
  exports: [VirtualHolderService, SandboxSimulatorService],
})
export class SandboxSimulatorModule {}
