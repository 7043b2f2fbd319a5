import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboundModule } from '../common/outbound/outbound.module';
import { FlowsModule } from '../flows/flows.module';
import { PersonsModule } from '../persons/persons.module';
import { SealModule } from '../seal/seal.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { DevicesModule } from '../devices/devices.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { DocumentAdmission } from './document-admission.service';
import { DocumentCreation } from './document-creation.service';
import { DocumentFileFetcher } from './document-file.fetcher';
import { DocumentFlowKind } from './document.flow-kind';
import { DocumentPresenter } from './document.presenter';
import { DocumentSealOutlook } from './document-seal-outlook.service';
import { DocumentArchiveService } from './document-archive.service';
import { DocumentAuditEvent } from './document-audit-event.entity';
import { DocumentAuditEventRepository } from './document-audit-event.repository';
import { DocumentAuditTrail } from './document-audit-trail.service';
import { DocumentPasses } from './document-passes';
import { DocumentRemindersService } from './document-reminders.service';
import { DocumentSealing } from './document-sealing.service';
import { DocumentSignee } from './document-signee.entity';
import { DocumentSigneeRepository } from './document-signee.repository';
import { DocumentSigningService } from './document-signing.service';
import { DocumentWalletSignatures } from './document-wallet-signatures.service';
import { DocumentStampingService } from './document-stamping.service';
import { DocumentWebhooks } from './document.webhooks';
import { DocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';
import { FileStorageModule } from './file-storage.module';
import { OrphanFileSweeper } from './orphan-file.sweeper';
import { FilesController } from './files.controller';
import { FlowDocument } from './flow-document.entity';
import { FlowDocumentRepository } from './flow-document.repository';
import { PDF_READING_LIMITS, PdfReadingPool } from './pdf-reading.pool';
import { UnitOfWork } from '../platform/unit-of-work';
import { SigneeSignatures } from './signee-signatures';

/** Document flows (spec 4.5, DESIGN section 8): the API, the signee side, stamping, stored files. */
@Module({
  imports: [
    TypeOrmModule.forFeature([FlowDocument, DocumentSignee, DocumentAuditEvent]),
    FlowsModule,
    DevicesModule,
    PersonsModule,
    SignaturesModule,
    WebhooksModule,
    OutboundModule,
    SealModule,
    FileStorageModule,
  ],
  controllers: [DocumentsController, FilesController],
  providers: [
    DocumentSealOutlook,
    { provide: PdfReadingPool, useFactory: () => new PdfReadingPool(PDF_READING_LIMITS) },
    DocumentsService,
    DocumentAdmission,
    DocumentCreation,
    DocumentPresenter,
    DocumentFileFetcher,
    DocumentSigningService,
    DocumentWalletSignatures,
    DocumentFlowKind,
    DocumentStampingService,
    DocumentSealing,
    DocumentWebhooks,
    DocumentAuditTrail,
    DocumentRemindersService,
    DocumentArchiveService,
    DocumentPasses,
    OrphanFileSweeper,
    FlowDocumentRepository,
    DocumentSigneeRepository,
    DocumentAuditEventRepository,
    SigneeSignatures,
    UnitOfWork,
  ],
  exports: [
    DocumentsService,
    DocumentSigningService,
    DocumentWalletSignatures,
    DocumentPresenter,
    DocumentFileFetcher,
    PdfReadingPool,
    DocumentArchiveService,
    DocumentSealOutlook,
    SigneeSignatures,
  ],
})
export class DocumentsModule {}
