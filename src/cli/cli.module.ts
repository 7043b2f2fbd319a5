import { DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { KeyEncryptionModule } from '../key-encryption/key-encryption.module';
import { RedisModule } from '../redis/redis.module';
import { BackgroundWorkModule } from '../common/scheduling/background-work.module';

/** What the operator CLI needs: the service's configuration and database, none of its HTTP pieces. */
@Module({})
export class CliModule {
  /**
   * Every command gets the configuration, the database and the key-encryption key; `needs` adds the features one
   * command draws on (its action says which), so a command loads only the code it runs. The modules declare their
   * background work (sweeps, webhook deliveries) here too, but a one-shot command runs none of it: that is the
   * server's, which sends what the command queued.
   */
  static forRoot(config: AppConfig, needs: Pick<ModuleMetadata, 'imports' | 'providers'>): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        BackgroundWorkModule.forRoot({ runs: false }),
        DatabaseModule,
        KeyEncryptionModule,
        // With Redis, a key the CLI revokes stops working on every running instance at once.
        RedisModule,
        ...(needs.imports ?? []),
      ],
      providers: needs.providers ?? [],
    };
  }
}
