import { Logger, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { OutboundClient } from './outbound-client';

/** Provides the one outbound HTTP client, configured by `ALLOW_PRIVATE_URLS` and `ALLOW_INSECURE_URLS`. */
@Module({
  providers: [
    {
      provide: OutboundClient,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => {
        const lifted = [
          config.ALLOW_PRIVATE_URLS ? 'ALLOW_PRIVATE_URLS' : undefined,
          config.ALLOW_INSECURE_URLS ? 'ALLOW_INSECURE_URLS' : undefined,
        ].filter(Boolean);
        if (lifted.length > 0 && config.NODE_ENV === 'production') {
          new Logger(OutboundClient.name).warn(
            `${lifted.join(' and ')} lift the outbound guard; meant for development only`,
          );
        }
        return new OutboundClient({
          allowPrivateAddresses: config.ALLOW_PRIVATE_URLS,
          allowInsecureUrls: config.ALLOW_INSECURE_URLS,
        });
      },
    },
  ],
  exports: [OutboundClient],
})
export class OutboundModule {}
