import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { SealModule } from '../seal/seal.module';
import { PdfUploadMiddleware } from './pdf-upload.middleware';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

/** `/verify` (DESIGN section 8): checks a stamped PDF against the digest recorded when it was made. */
@Module({
  imports: [DocumentsModule, SealModule],
  controllers: [VerificationController],
  providers: [VerificationService],
})
export class VerificationModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Every method, so the registration is not listed as a second `POST /verify` route; GET /verify has no PDF body.
    consumer.apply(PdfUploadMiddleware).forRoutes({ path: 'verify', method: RequestMethod.ALL });
  }
}
