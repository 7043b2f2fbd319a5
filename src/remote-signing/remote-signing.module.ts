import { Module } from '@nestjs/common';
import { OutboundModule } from '../common/outbound/outbound.module';
import { DocumentsModule } from '../documents/documents.module';
import { SealModule } from '../seal/seal.module';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { ConsumerSigningProvidersModule } from './consumer-signing-providers.module';
import { RemoteSigneeSignatures } from './remote-signee-signatures';
import { SigningProviders } from './signing-providers';

/** Signees' own signatures at CSC API v2 remote signing providers (docs/documents.md). */
@Module({
  imports: [DocumentsModule, SealModule, ServiceKeyModule, OutboundModule, ConsumerSigningProvidersModule],
  providers: [SigningProviders, RemoteSigneeSignatures],
})
export class RemoteSigningModule {}
