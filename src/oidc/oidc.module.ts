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
import { CibaLogins } from './ciba-logins';
import { CibaPing } from './ciba-ping.entity';
import { CibaPingDispatcher } from './ciba-ping.dispatcher';
import { CibaPingQueue } from './ciba-ping.queue';
import { CibaPingRepository } from './ciba-ping.repository';
import { CibaPollPacing } from './ciba-poll-pacing';
import { CibaPushes } from './ciba-pushes';
import { CibaSettlement } from './ciba-settlement';
import { LoginIdentifications } from './login-identifications';
import { LoginInteractions } from './login-interactions';
import { LoginPageSettlement } from './login-page-settlement';
import { LoginPages } from './login-pages';
import { LoginPushLimits } from './login-push-limits';
import { OidcAccountsService } from './oidc-accounts.service';
import { OidcClientsService } from './oidc-clients.service';
import { OidcLoginController } from './oidc-login.controller';
import { OidcLoginService } from './oidc-login.service';
import { OidcProviderService } from './oidc-provider.service';
import { OidcRecordRetention } from './oidc-record-retention';
import { OidcRecord } from './oidc-record.entity';
import { OidcRecordRepository } from './oidc-record.repository';
import { OidcSandboxLoginService } from './oidc-sandbox-login.service';
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
    OidcRecordRepository,
    OidcRecordRetention,
    LoginInteractions,
    LoginPages,
    LoginIdentifications,
    LoginPageSettlement,
    OidcLoginService,
    OidcSandboxLoginService,
    LoginPushLimits,
    CibaLogins,
    CibaPollPacing,
    CibaPushes,
    CibaSettlement,
    CibaLoginService,
    CibaPingRepository,
    CibaPingQueue,
    CibaPingDispatcher,
  ],
  exports: [OidcProviderService],
})
export class OidcModule {}
