import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboundModule } from '../common/outbound/outbound.module';
import { DocumentSealService } from './document-seal.service';
import { OcspRequestMiddleware } from './ocsp-request.middleware';
import { SealCaController } from './seal-ca.controller';
import { RevokedSealCertificate } from './revoked-seal-certificate.entity';
import { SealCertificate } from './seal-certificate.entity';
import { SealCertificateRepository } from './seal-certificate.repository';
import { SEAL_CA_NAME, SealCredentialsService } from './seal-credentials.service';
import { caPaths } from './ca-publication';
import { SealPdfUpdates } from './seal-pdf-updates';
import { SealTokenKey } from './seal-token-key';
import { SealVerificationService } from './seal-verification.service';
import { SignerCertificateStatuses } from './signer-certificate-statuses';
import { SignerTrustAnchors } from './signer-trust-anchors';

/** The PAdES seal of completed documents: its key and certificate, sealing, checking, and the published CA and its revocation services. */
@Module({
  imports: [TypeOrmModule.forFeature([SealCertificate, RevokedSealCertificate]), OutboundModule],
  controllers: [SealCaController],
  providers: [
    SealCredentialsService,
    DocumentSealService,
    SealVerificationService,
    SealPdfUpdates,
    SealCertificateRepository,
    SignerTrustAnchors,
    SignerCertificateStatuses,
    SealTokenKey,
  ],
  exports: [
    DocumentSealService,
    SealVerificationService,
    SealCredentialsService,
    SealPdfUpdates,
    SignerTrustAnchors,
    SignerCertificateStatuses,
  ],
})
export class SealModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Every method, so the registration is not listed as a second `POST` route; only a POST carries a request body.
    consumer
      .apply(OcspRequestMiddleware)
      .forRoutes({ path: `.well-known/${caPaths(SEAL_CA_NAME).ocsp}`, method: RequestMethod.ALL });
  }
}
