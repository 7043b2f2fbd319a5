import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboundModule } from '../common/outbound/outbound.module';
import { ClaimsModule } from '../claims/claims.module';
import { FlowsModule } from '../flows/flows.module';
import { TenantsModule } from '../tenants/tenants.module';
import { SignaturesModule } from '../signatures/signatures.module';
import { EudiCertificate } from './eudi-certificate.entity';
import { EudiCertificateRepository } from './eudi-certificate.repository';
import { EudiCredentialsService } from './eudi-credentials.service';
import { Openid4vpController } from './openid4vp.controller';
import { PidIssuerCaController } from './pid-issuer-ca.controller';
import { OPENID4VP_PATHS } from './openid4vp-paths';
import { WalletPresentation } from './wallet-presentation.entity';
import { WalletPresentationRepository } from './wallet-presentation.repository';
import { WalletResponseMiddleware } from './wallet-response.middleware';
import { StatusListsService } from './status-lists.service';
import { RegistrationCertificateService } from './registration-certificate.service';
import { WalletVerifierService } from './wallet-verifier.service';
import { UnitOfWork } from '../platform/unit-of-work';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { SandboxHolderKeys } from './sandbox-holder-keys';
import { WalletErasure } from './wallet-erasure.entity';
import { WalletErasureRepository } from './wallet-erasure.repository';
import { WalletErasuresService } from './wallet-erasures.service';

/** The EU Digital Identity Wallet verifier (OpenID4VP 1.0, HAIP 1.0, SD-JWT VC PIDs): docs/eudi-wallet.md. */
@Module({
  imports: [
    TypeOrmModule.forFeature([EudiCertificate, WalletPresentation, WalletErasure]),
    FlowsModule,
    ServiceKeyModule,
    WebhooksModule,
    TenantsModule,
    ClaimsModule,
    SignaturesModule,
    OutboundModule,
  ],
  controllers: [Openid4vpController, PidIssuerCaController],
  providers: [
    EudiCredentialsService,
    EudiCertificateRepository,
    StatusListsService,
    WalletVerifierService,
    WalletPresentationRepository,
    RegistrationCertificateService,
    SandboxHolderKeys,
    WalletErasuresService,
    WalletErasureRepository,
    UnitOfWork,
  ],
  exports: [WalletVerifierService, EudiCredentialsService, RegistrationCertificateService, WalletErasuresService],
})
export class EudiModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Every method, so the registration is not listed as a second `POST` route; only a POST carries a form.
    consumer
      .apply(WalletResponseMiddleware)
      .forRoutes({ path: `${OPENID4VP_PATHS.response}/:flowId`, method: RequestMethod.ALL });
  }
}
