import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboundModule } from '../common/outbound/outbound.module';
import { DocumentSealService } from './document-seal.service';
import { SealCaController } from './seal-ca.controller';
import { SealCertificate } from './seal-certificate.entity';
import { SealCredentialsService } from './seal-credentials.service';
import { SealVerificationService } from './seal-verification.service';

/** The PAdES seal of completed documents: its key and certificate, sealing, checking, and the published CA. */
@Module({
  imports: [TypeOrmModule.forFeature([SealCertificate]), OutboundModule],
  controllers: [SealCaController],
  providers: [SealCredentialsService, DocumentSealService, SealVerificationService],
  exports: [DocumentSealService, SealVerificationService],
})
export class SealModule {}
