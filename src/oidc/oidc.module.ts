import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing/billing.module';
import { OutboundModule } from '../common/outbound/outbound.module';
import { DevicesModule } from '../devices/devices.module';
import { FlowsModule } from '../flows/flows.module';
import { IdentificationModule } from '../identification/identification.module';
import { PersonsModule } from '../persons/persons.module';
import { SandboxSimulatorModule } from '../sandbox/sandbox-simulator.module';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { TenantsModule } from '../tenants/tenants.module';
import { CibaLoginService } from './ciba-login.service';
import { CibaPing } from './ciba-ping.entity';
import { CibaPingDispatcher } from './ciba-ping.dispatcher';
import { CibaPingQueue } from './ciba-ping.queue';
import { LoginPushLimits } from './login-push-limits';
import { OidcAccountsService } from './oidc-accounts.service';
import { OidcClientsService } from './oidc-clients.service';
import { OidcLoginController } from './oidc-login.controller';
import { OidcLoginService } from './oidc-login.service';
import { OidcProviderService } from './oidc-provider.service';
import { OidcRecordRetention } from './oidc-record-retention';
import { OidcRecord } from './oidc-record.entity';
import { UnitOfWork } from '../platform/unit-of-work';

/**
 * "Log in with OIDC": an OpenID provider under /oidc whose clients are idflow apps and whose logins (by a login page or
 * by CIBA) are identifications.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([OidcRecord, CibaPing]),
    TenantsModule,
    ServiceKeyModule,
    FlowsModule,
    PersonsModule,
    IdentificationModule,
    SandboxSimulatorModule,
    BillingModule,
    DevicesModule,
    OutboundModule,
  ],
  controllers: [OidcLoginController],
  providers: [
    UnitOfWork,
    OidcProviderService,
    OidcClientsService,
    OidcAccountsService,
    OidcLoginService,
    OidcRecordRetention,
    LoginPushLimits,
    CibaLoginService,
    CibaPingQueue,
    CibaPingDispatcher,
  ],
  exports: [OidcProviderService],
})
export class OidcModule {}
