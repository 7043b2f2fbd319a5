import { signingProviderChange } from './signing-provider-change';
import type { SigningProviderOptions } from './signing-provider-options';

export const action = signingProviderChange<SigningProviderOptions>(
  'signing-provider:remove',
  'removed',
  (providers, options) => providers.remove(options.consumer, options.name),
);
