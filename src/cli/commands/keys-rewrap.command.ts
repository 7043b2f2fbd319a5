import { Command } from 'commander';
import { SealedSecretsMaintenance } from '../../key-encryption/sealed-secrets.maintenance';
import { SecretSealer } from '../../key-encryption/secret-sealer';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';
import { refuseUnreadable } from './unreadable-secrets';

export const keysRewrapCommand = () =>
  new Command('keys:rewrap')
    .description('reseal every stored secret with the current key-encryption key (after changing KEY_ENCRYPTION_KEY)')
    .addOption(jsonOption())
    .action((options: OutputOptions) =>
      runCommand(options, async (context) => {
        const { resealed, unreadable } = await context.get(SealedSecretsMaintenance).rewrap();
        refuseUnreadable(unreadable);
        const currentKey = context.get(SecretSealer).currentKeyId;
        return {
          json: { currentKey, resealed },
          human: summary(`Every secret is sealed with key ${currentKey}`, { resealed: String(resealed) }),
        };
      }),
    );
