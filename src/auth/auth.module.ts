import { Global, Module } from '@nestjs/common';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { TenantsModule } from '../tenants/tenants.module';
import { AccessTokenGuard } from './access-token.guard';
import { AccessTokenService } from './access-token.service';
import { ApiKeyGuard } from './api-key.guard';
import { AppSecretGuard } from './app-secret.guard';
import { ScopeGuard } from './scope.guard';

/** Global so that any feature module's `@Auth` routes find the credential guards without importing this module. */
@Global()
@Module({
  imports: [TenantsModule, ServiceKeyModule],
  providers: [AccessTokenService, ApiKeyGuard, AppSecretGuard, AccessTokenGuard, ScopeGuard],
  exports: [AccessTokenService, ApiKeyGuard, AppSecretGuard, AccessTokenGuard, ScopeGuard, TenantsModule],
})
export class AuthModule {}
