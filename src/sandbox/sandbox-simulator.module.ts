import { Module } from '@nestjs/common';
import { FlowsModule } from '../flows/flows.module';
import { PersonsModule } from '../persons/persons.module';
import { WalletModule } from '../wallet/wallet.module';
import { SandboxSimulatorController } from './sandbox-simulator.controller';
import { SandboxSimulatorService } from './sandbox-simulator.service';
import { VirtualDeviceSigner } from './virtual-device-signer';

@Module({
  imports: [FlowsModule, PersonsModule, WalletModule],
  controllers: [SandboxSimulatorController],
  providers: [SandboxSimulatorService, VirtualDeviceSigner],
})
export class SandboxSimulatorModule {}
