import { signingProviderView } from '../../admin/signing-provider-views';
import { ConsumerSigningProvidersModule } from '../../remote-signing/consumer-signing-providers.module';
import { ConsumerSigningProvidersService } from '../../remote-signing/consumer-signing-providers.service';
import type { CliAction, OutputOptions } from '../cli-action';
import { listing } from '../summary';

export interface ConsumerOptions extends OutputOptions {
  consumer: string;
}

export const action: CliAction<ConsumerOptions> = {
  needs: { imports: [ConsumerSigningProvidersModule] },
  async run(context, options) {
    const signingProviders = (await context.get(ConsumerSigningProvidersService).list(options.consumer)).map(
      signingProviderView,
    );
    const human = listing(
      { singular: 'signing provider', of: ` of consumer ${options.consumer}` },
      signingProviders.map((p) => [p.name, `${p.environment} ${p.baseUrl} (client ${p.clientId})`, p.createdAt]),
    );
    return { json: { signingProviders }, human };
  },
};
