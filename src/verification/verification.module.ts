import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { PdfReadingPool } from '../documents/pdf-reading.pool';
import { SealModule } from '../seal/seal.module';
import { ANONYMOUS_PDF_READERS, ANONYMOUS_PDF_READING_LIMITS } from './anonymous-pdf-readers';
import { PdfUploadMiddleware } from './pdf-upload.middleware';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

/** `/verify` (DESIGN section 8): checks a stamped PDF against the digest recorded when it was made. */
@Module({
  imports: [DocumentsModule, SealModule],
  controllers: [VerificationController],
  providers: [
    VerificationService,
    { provide: ANONYMOUS_PDF_READERS, useFactory: () => new PdfReadingPool(ANONYMOUS_PDF_READING_LIMITS) },
  ],
})
export class VerificationModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Every method, so the registration is not listed as a second `POST /verify` route; GET /verify has no PDF body.
    consumer.apply(PdfUploadMiddleware).forRoutes({ path: 'verify', method: RequestMethod.ALL });
  }
}
