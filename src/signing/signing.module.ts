import { Module } from '@nestjs/common';
import { FlowsModule } from '../flows/flows.module';
import { DevicesModule } from '../devices/devices.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { DocumentsModule } from '../documents/documents.module';
import { EudiModule } from '../eudi/eudi.module';
import { IntendedUsesModule } from '../eudi/intended-uses.module';
import { UnitOfWork } from '../platform/unit-of-work';
import { SigningFlowKind } from './signing.flow-kind';
import { SigningWebhooks } from './signing.webhooks';
import { SigningController } from './signing.controller';
import { SigningService } from './signing.service';
import { DocumentWalletController } from './document-wallet.controller';
import { DocumentWalletRequests } from './document-wallet-requests.service';

@Module({
  imports: [
    FlowsModule,
    DevicesModule,
    SignaturesModule,
    WebhooksModule,
    EudiModule,
    IntendedUsesModule,
    DocumentsModule,
  ],
  controllers: [SigningController, DocumentWalletController],
  providers: [SigningService, SigningWebhooks, SigningFlowKind, DocumentWalletRequests, UnitOfWork],
})
export class SigningModule {}
