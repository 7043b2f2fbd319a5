import { Command } from 'commander';
import { SealCredentialsService } from '../../seal/seal-credentials.service';
import { OutputOptions, runCommand } from '../run-command';
import { isoTime, summary } from '../summary';
import { jsonOption } from './json-option';

export const sealRevokeCommand = () =>
  new Command('seal:revoke')
    .description(
      'revoke the sandbox seal certificate now and seal with a new one from the same CA: its CRL and OCSP answers ' +
        'name the old one revoked, and /verify trusts a seal by it only where a timestamp proves it came first',
    )
    .addOption(jsonOption())
    .action((options: OutputOptions) =>
      runCommand(options, async (context) => {
        const outcome = await context.get(SealCredentialsService).revokeSandboxSeal();
        return {
          json: outcome,
          human: summary(`Seal certificate ${outcome.revoked} revoked`, {
            'revoked at': isoTime(outcome.revokedAt),
            'sealing now with': outcome.replacedBy,
          }),
        };
      }),
    );
