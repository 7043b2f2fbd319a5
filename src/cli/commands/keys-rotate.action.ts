import { KeyringSource } from '../../key-encryption/keyring-source';
import { SealedSecretsMaintenance } from '../../key-encryption/sealed-secrets.maintenance';
import { SecretSealer } from '../../key-encryption/secret-sealer';
import type { CliAction, OutputOptions } from '../cli-action';
import { SEALED_SECRET_MODULES } from '../sealed-secret-modules';
import { summary } from '../summary';
import { refuseUnreadable } from './unreadable-secrets';

export const action: CliAction<OutputOptions> = {
  needs: { imports: SEALED_SECRET_MODULES },
  audit: { command: 'keys:rotate', target: () => ({}) },
  async run(context) {
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
  },
};
