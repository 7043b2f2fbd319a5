import { signingProviderChange } from './signing-provider-change';
import { type SigningProviderSettingsOptions, settingsOf } from './signing-provider-options';

export const action = signingProviderChange<SigningProviderSettingsOptions>(
  'signing-provider:replace',
  'replaced',
  (providers, options) => providers.replace(options.consumer, options.name, settingsOf(options)),
);
