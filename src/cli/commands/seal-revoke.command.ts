import { Command } from 'commander';
import type { OutputOptions } from '../cli-action';
import { runCommand } from '../run-command';
import { jsonOption } from './json-option';

export const sealRevokeCommand = () =>
  new Command('seal:revoke')
    .description(
      'revoke the sandbox seal certificate now and seal with a new one from the same CA: its CRL and OCSP answers ' +
        'name the old one revoked, and /verify trusts a seal by it only where a timestamp proves it came first',
    )
    .addOption(jsonOption())
    .action((options: OutputOptions) => runCommand(options, () => import('./seal-revoke.action')));
