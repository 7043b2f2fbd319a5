import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { WalletResponseMiddleware } from '../eudi/wallet-response.middleware';
import { PersonsModule } from '../persons/persons.module';
import { SealModule } from '../seal/seal.module';
import { UnitOfWork } from '../platform/unit-of-work';
import { ServiceKeyModule } from '../service-key/service-key.module';
import { CscSandboxController } from './csc-sandbox.controller';
import { cscBasePath } from '../remote-signing/csc-constants';
import { SandboxSigningKeyRepository } from './sandbox-signing-key.repository';
import { SandboxSigningKeys } from './sandbox-signing-keys.service';
import { SandboxSigningProvider } from './sandbox-signing-provider.service';
import { SigningCaController } from './signing-ca.controller';
import { SigningProviderSandboxController } from './signing-provider-sandbox.controller';
import { SandboxSignerRevocations } from './sandbox-signer-revocations.service';
import { SIGNING_CA_NAME } from './signer-certificate';
import { caPaths } from '../seal/ca-publication';
import { OcspRequestMiddleware } from '../seal/ocsp-request.middleware';
import { SignerKeyToken } from './signer-key-token';

/** The sandbox remote signing service provider (CSC API v2), served by idflow as the sandbox PID issuer is. */
@Module({
  imports: [PersonsModule, ServiceKeyModule, SealModule],
  controllers: [CscSandboxController, SigningCaController, SigningProviderSandboxController],
  providers: [
    SandboxSigningProvider,
    SandboxSigningKeys,
    SandboxSigningKeyRepository,
    SandboxSignerRevocations,
    SignerKeyToken,
    UnitOfWork,
  ],
  exports: [SandboxSigningKeys],
})
export class SigningProviderModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // The token request is form-encoded (RFC 6749 4.4.2); the global parser reads JSON alone.
    consumer
      .apply(WalletResponseMiddleware)
      .forRoutes({ path: `${cscBasePath}/oauth2/token`, method: RequestMethod.ALL });
    // Every method, as the seal CA's: only a POST carries a request body.
    consumer
      .apply(OcspRequestMiddleware)
      .forRoutes({ path: `.well-known/${caPaths(SIGNING_CA_NAME).ocsp}`, method: RequestMethod.ALL });
  }
}
