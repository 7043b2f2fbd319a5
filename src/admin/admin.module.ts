import { Module } from '@nestjs/common';
import { PersonsModule } from '../persons/persons.module';
import { SandboxModule } from '../sandbox/sandbox.module';
import { TenantsModule } from '../tenants/tenants.module';
import { DevicesModule } from '../wallet/devices.module';
import { AdminAppsController } from './admin-apps.controller';
import { AdminConsumersController } from './admin-consumers.controller';
import { AdminKeysController } from './admin-keys.controller';
import { AdminPersonsController } from './admin-persons.controller';
import { AdminPersonsService } from './admin-persons.service';
import { AdminSandboxController } from './admin-sandbox.controller';
import { AdminTokenGuard } from './admin-token.guard';

/** The operator's HTTP console under `/admin`, behind the ADMIN_TOKEN bearer. */
@Module({
  imports: [TenantsModule, PersonsModule, DevicesModule, SandboxModule],
  controllers: [
    AdminConsumersController,
    AdminAppsController,
    AdminKeysController,
    AdminPersonsController,
    AdminSandboxController,
  ],
  providers: [AdminTokenGuard, AdminPersonsService],
})
export class AdminModule {}
