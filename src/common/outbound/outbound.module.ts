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
          config.ALLOW_PRIVATE_URLS ? ['ALLOW_PRIVATE_URLS', 'loopback and private addresses'] : undefined,
          config.ALLOW_INSECURE_URLS ? ['ALLOW_INSECURE_URLS', 'plain http: URLs'] : undefined,
        ].filter((entry) => entry !== undefined);
        // Said at every start, whatever NODE_ENV says: a staging copy of a development .env is how these leak out.
        if (lifted.length > 0) {
          new Logger(OutboundClient.name).warn(
            `${lifted.map(([name]) => name).join(' and ')} on: idflow's outbound calls (webhooks, downloads, push, OIDC, timestamps) may reach ` +
              `${lifted.map(([, what]) => what).join(' and ')}. For development only, never in production`,
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
