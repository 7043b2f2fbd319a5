import { Module } from '@nestjs/common';
import { SandboxModule } from '../sandbox/sandbox.module';
import { TenantsModule } from '../tenants/tenants.module';
import { AdminAppsController } from './admin-apps.controller';
import { AdminConsumersController } from './admin-consumers.controller';
import { AdminKeysController } from './admin-keys.controller';
import { AdminSandboxController } from './admin-sandbox.controller';
import { AdminTokenGuard } from './admin-token.guard';

/** The operator's HTTP console under `/admin`, behind the ADMIN_TOKEN bearer. */
@Module({
  imports: [TenantsModule, SandboxModule],
  controllers: [AdminConsumersController, AdminAppsController, AdminKeysController, AdminSandboxController],
  providers: [AdminTokenGuard],
})
export class AdminModule {}
