#!/usr/bin/env node
import '../common/runtime/compile-cache';
import { Command } from 'commander';
import { appCreateCommand } from './commands/app-create.command';
import { appsListCommand } from './commands/apps-list.command';
import { consumersListCommand } from './commands/consumers-list.command';
import { keysListCommand } from './commands/keys-list.command';
import { appRotateSecretCommand } from './commands/app-rotate-secret.command';
import { appUpdateCommand } from './commands/app-update.command';
import { backupCommand } from './commands/backup.command';
import { billingCreditCommand } from './commands/billing-credit.command';
import { billingUsageCommand } from './commands/billing-usage.command';
import { consumerCreateCommand } from './commands/consumer-create.command';
import { deviceEnrollmentCodeCommand } from './commands/device-enrollment-code.command';
import { archiveRenewCommand } from './commands/archive-renew.command';
import { deviceRevokeCommand } from './commands/device-revoke.command';
import { sealRevokeCommand } from './commands/seal-revoke.command';
import { devicesListCommand } from './commands/devices-list.command';
import { filesMigrateCommand } from './commands/files-migrate.command';
import { keyCreateCommand } from './commands/key-create.command';
import { keyRevokeCommand } from './commands/key-revoke.command';
import { keysRewrapCommand } from './commands/keys-rewrap.command';
import { keysRotateCommand } from './commands/keys-rotate.command';
import { personCreateCommand } from './commands/person-create.command';
import { sandboxBootstrapCommand } from './commands/sandbox-bootstrap.command';
import { auditExportCommand } from './commands/audit-export.command';
import { operatorAddCommand } from './commands/operator-add.command';
import { operatorRemoveCommand } from './commands/operator-remove.command';
import { operatorRoleCommand } from './commands/operator-role.command';
import { operatorsListCommand } from './commands/operators-list.command';
import { intendedUseAddCommand } from './commands/intended-use-add.command';
import { intendedUseRemoveCommand } from './commands/intended-use-remove.command';
import { intendedUsesListCommand } from './commands/intended-uses-list.command';
import { signingProviderAddCommand } from './commands/signing-provider-add.command';
import { signingProviderCheckCommand } from './commands/signing-provider-check.command';
import { signingProviderRemoveCommand } from './commands/signing-provider-remove.command';
import { signingProviderReplaceCommand } from './commands/signing-provider-replace.command';
import { signingProvidersListCommand } from './commands/signing-providers-list.command';
import { packageVersion } from './package-version';
import { reportFailure } from './run-command';

const program = new Command('idflow')
  .version(packageVersion(), '-V, --version', 'print the version of idflow')
  .description('Operator commands against the database of `npm start` (DATABASE_URL, else DATABASE_PATH).')
  .addHelpText(
    'after',
    '\nnpm prints its script banner on stdout: for machine-readable output run `npm run -s cli -- <command> --json`.',
  )
  .addCommand(consumerCreateCommand())
  .addCommand(consumersListCommand())
  .addCommand(appCreateCommand())
  .addCommand(appRotateSecretCommand())
  .addCommand(appUpdateCommand())
  .addCommand(appsListCommand())
  .addCommand(keyCreateCommand())
  .addCommand(keyRevokeCommand())
  .addCommand(keysListCommand())
  .addCommand(intendedUseAddCommand())
  .addCommand(intendedUsesListCommand())
  .addCommand(intendedUseRemoveCommand())
  .addCommand(signingProviderAddCommand())
  .addCommand(signingProvidersListCommand())
  .addCommand(signingProviderReplaceCommand())
  .addCommand(signingProviderRemoveCommand())
  .addCommand(signingProviderCheckCommand())
  .addCommand(personCreateCommand())
  .addCommand(deviceEnrollmentCodeCommand())
  .addCommand(devicesListCommand())
  .addCommand(deviceRevokeCommand())
  .addCommand(sandboxBootstrapCommand())
  .addCommand(billingCreditCommand())
  .addCommand(billingUsageCommand())
  .addCommand(keysRotateCommand())
  .addCommand(keysRewrapCommand())
  .addCommand(filesMigrateCommand())
  .addCommand(backupCommand())
  .addCommand(archiveRenewCommand())
  .addCommand(sealRevokeCommand())
  .addCommand(operatorAddCommand())
  .addCommand(operatorsListCommand())
  .addCommand(operatorRoleCommand())
  .addCommand(operatorRemoveCommand())
  .addCommand(auditExportCommand());

program.parseAsync().catch(reportFailure);
