import { SealedSecretsMaintenance } from '../../key-encryption/sealed-secrets.maintenance';
import { SecretSealer } from '../../key-encryption/secret-sealer';
import type { CliAction, OutputOptions } from '../cli-action';
import { SEALED_SECRET_MODULES } from '../sealed-secret-modules';
import { summary } from '../summary';
import { refuseUnreadable } from './unreadable-secrets';

export const action: CliAction<OutputOptions> = {
  needs: { imports: SEALED_SECRET_MODULES },
  audit: { command: 'keys:rewrap', target: () => ({}) },
  async run(context) {
    const { resealed, unreadable } = await context.get(SealedSecretsMaintenance).rewrap();
    refuseUnreadable(unreadable);
    const currentKey = context.get(SecretSealer).currentKeyId;
    return {
      json: { currentKey, resealed },
      human: summary(`Every secret is sealed with key ${currentKey}`, { resealed: String(resealed) }),
    };
  },
};
