import { Module } from '@nestjs/common';
import { PersonsModule } from '../persons/persons.module';
import { TenantsModule } from '../tenants/tenants.module';
import { DevicesModule } from '../devices/devices.module';
import { SandboxBootstrapService } from './sandbox-bootstrap.service';

/** Sandbox set-up, shared by the admin API and the CLI; it serves no routes of its own. */
@Module({
  imports: [TenantsModule, PersonsModule, DevicesModule],
  providers: [SandboxBootstrapService],
  exports: [SandboxBootstrapService],
})
export class SandboxModule {}
