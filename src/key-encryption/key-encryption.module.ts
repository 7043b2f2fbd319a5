import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { KeyringSource } from './keyring-source';
import { SealedColumnRepository } from './sealed-column.repository';
import { SealedColumns } from './sealed-columns';
import { SealedSecretsMaintenance } from './sealed-secrets.maintenance';
import { SecretSealer } from './secret-sealer';

/** Secrets at rest: one sealer and one registry of sealed columns for the whole process. */
@Global()
@Module({
  providers: [
    { provide: KeyringSource, inject: [AppConfig], useFactory: (config: AppConfig) => KeyringSource.of(config) },
    {
      provide: SecretSealer,
      inject: [KeyringSource],
      useFactory: (source: KeyringSource) => new SecretSealer(source.load(), () => source.load()),
    },
    SealedColumns,
    SealedSecretsMaintenance,
    SealedColumnRepository,
  ],
  exports: [KeyringSource, SecretSealer, SealedColumns, SealedSecretsMaintenance],
})
export class KeyEncryptionModule {}
