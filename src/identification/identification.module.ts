import { Module } from '@nestjs/common';
import { FlowsModule } from '../flows/flows.module';
import { WalletModule } from '../wallet/wallet.module';
import { IdentificationController } from './identification.controller';
import { IdentificationService } from './identification.service';

@Module({
  imports: [FlowsModule, WalletModule],
  controllers: [IdentificationController],
  providers: [IdentificationService],
})
export class IdentificationModule {}
