import { Module } from '@nestjs/common';
import { OutboundModule } from '../common/outbound/outbound.module';
import { UnitOfWork } from '../platform/unit-of-work';
import { TenantsModule } from '../tenants/tenants.module';
import { ConsumerSigningProviderRepository } from './consumer-signing-provider.repository';
import { ConsumerSigningProvidersService } from './consumer-signing-providers.service';

/**
 * The consumers' own remote signing providers, apart from the signing itself so that the operator CLI configures
 * them without loading the documents.
 */
@Module({
  imports: [TenantsModule, OutboundModule],
  providers: [ConsumerSigningProvidersService, ConsumerSigningProviderRepository, UnitOfWork],
  exports: [ConsumerSigningProvidersService],
})
export class ConsumerSigningProvidersModule {}
