import { SealCredentialsService } from '../../seal/seal-credentials.service';
import { SealModule } from '../../seal/seal.module';
import type { CliAction, OutputOptions } from '../cli-action';
import { isoTime, summary } from '../summary';

export const action: CliAction<OutputOptions> = {
  needs: { imports: [SealModule] },
  audit: { command: 'seal:revoke', target: () => ({}) },
  async run(context) {
    const outcome = await context.get(SealCredentialsService).revokeSandboxSeal();
    return {
      json: outcome,
      human: summary(`Seal certificate ${outcome.revoked} revoked`, {
        'revoked at': isoTime(outcome.revokedAt),
        'sealing now with': outcome.replacedBy,
      }),
    };
  },
};
