import { Command } from 'commander';
import { KeyringSource } from '../../key-encryption/keyring-source';
import { SealedSecretsMaintenance } from '../../key-encryption/sealed-secrets.maintenance';
import { SecretSealer } from '../../key-encryption/secret-sealer';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';
import { refuseUnreadable } from './unreadable-secrets';

export const keysRotateCommand = () =>
  new Command('keys:rotate')
    .description('make a new key-encryption key in the key file and reseal every stored secret with it')
    .addOption(jsonOption())
    .action((options: OutputOptions) =>
      runCommand(options, async (context) => {
        const sealer = context.get(SecretSealer);
        const previous = sealer.currentKeyId;
        sealer.useKeyring(context.get(KeyringSource).rotate());
        const { resealed, unreadable } = await context.get(SealedSecretsMaintenance).rewrap();
        refuseUnreadable(unreadable);
        const result = { previousKey: previous, currentKey: sealer.currentKeyId, resealed };
        return {
          json: result,
          human: summary(`Secrets resealed with key ${result.currentKey}; key ${previous} is kept as retired`, {
            resealed: String(resealed),
          }),
        };
      }),
    );
