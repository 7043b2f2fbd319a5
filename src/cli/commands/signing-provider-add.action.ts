import { signingProviderChange } from './signing-provider-change';
import { type SigningProviderSettingsOptions, settingsOf } from './signing-provider-options';

export const action = signingProviderChange<SigningProviderSettingsOptions>(
  'signing-provider:add',
  'added',
  (providers, options) => providers.add(options.consumer, { name: options.name, ...settingsOf(options) }),
);
