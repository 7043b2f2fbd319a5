import { signingProviderView } from '../../admin/signing-provider-views';
import type { ConsumerSigningProvider } from '../../remote-signing/consumer-signing-provider.entity';
import { ConsumerSigningProvidersModule } from '../../remote-signing/consumer-signing-providers.module';
import { ConsumerSigningProvidersService } from '../../remote-signing/consumer-signing-providers.service';
import type { CliAction } from '../cli-action';
import type { SigningProviderView } from '../../admin/admin-view-types';
import { summary } from '../summary';
import type { SigningProviderOptions } from './signing-provider-options';

/** The audit log's target of a command about one provider. */
const providerTarget = (options: SigningProviderOptions) => ({
  consumerId: options.consumer,
  name: options.name,
});

/** The human form of a provider a command changed. */
const providerSummary = (done: string, provider: SigningProviderView) =>
  summary(`Signing provider ${provider.name} of consumer ${provider.consumerId} ${done}`, {
    environment: provider.environment,
    'base URL': provider.baseUrl,
    'client id': provider.clientId,
  });

/**
 * The action of a command that changes one of a consumer's signing providers: audited under its name, answering the
 * provider as the change left it (as it was, for a removal), never its secret. Apart from the options, which the
 * commands load for `--help`, so that those never load the service.
 */
export function signingProviderChange<Options extends SigningProviderOptions>(
  command: string,
  done: string,
  change: (providers: ConsumerSigningProvidersService, options: Options) => Promise<ConsumerSigningProvider>,
): CliAction<Options> {
  return {
    needs: { imports: [ConsumerSigningProvidersModule] },
    audit: { command, target: providerTarget },
    async run(context, options) {
      const provider = signingProviderView(await change(context.get(ConsumerSigningProvidersService), options));
      return { json: provider, human: providerSummary(done, provider) };
    },
  };
}
