import { Module } from '@nestjs/common';
import { UnitOfWork } from '../platform/unit-of-work';
import { TenantsModule } from '../tenants/tenants.module';
import { IntendedUsesService } from './intended-uses.service';
import { WalletIntendedUseRepository } from './wallet-intended-use.repository';

/**
 * The apps' registered intended uses for the EU wallet, apart from the verifier so that the operator CLI registers
 * them without loading it.
 */
@Module({
  imports: [TenantsModule],
  providers: [IntendedUsesService, WalletIntendedUseRepository, UnitOfWork],
  exports: [IntendedUsesService],
})
export class IntendedUsesModule {}
