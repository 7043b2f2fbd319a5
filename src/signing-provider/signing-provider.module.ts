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
import { SignerKeyToken } from './signer-key-token';

/** The sandbox remote signing service provider (CSC API v2), served by idflow as the sandbox PID issuer is. */
@Module({
  imports: [PersonsModule, ServiceKeyModule, SealModule],
  controllers: [CscSandboxController, SigningCaController],
  providers: [SandboxSigningProvider, SandboxSigningKeys, SandboxSigningKeyRepository, SignerKeyToken, UnitOfWork],
  exports: [SandboxSigningKeys],
})
export class SigningProviderModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // The token request is form-encoded (RFC 6749 4.4.2); the global parser reads JSON alone.
    consumer
      .apply(WalletResponseMiddleware)
      .forRoutes({ path: `${cscBasePath}/oauth2/token`, method: RequestMethod.ALL });
  }
}
