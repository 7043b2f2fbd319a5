import { Command } from 'commander';
import { AdminPersonsService } from '../../admin/admin-persons.service';
import { AppConfig } from '../../config/app-config';
import type { Environment } from '../../tenants/environment';
import { OutputOptions, runCommand } from '../run-command';
import { isoTime, summary } from '../summary';
import { jsonOption } from './json-option';
import { ninOption, personEnvironmentOption } from './person-options';

interface EnrollmentCodeOptions extends OutputOptions {
  nin: string;
  env: Environment;
}

export const deviceEnrollmentCodeCommand = () =>
  new Command('device:enrollment-code')
    .description("issue a one-time code, valid a day, that enrolls one device of a person's digital-ID app")
    .addOption(ninOption())
    .addOption(personEnvironmentOption())
    .addOption(jsonOption())
    .action((options: EnrollmentCodeOptions) =>
      runCommand(options, async (context) => {
        const issued = await context.get(AdminPersonsService).issueEnrollmentCode(options.env, options.nin);
        const enrollUrl = `${context.get(AppConfig).BASE_URL}/wallet/v1/devices`;
        const human = summary(`Enrollment code for NIN ${issued.nin} (${issued.environment}); shown only now`, {
          code: issued.code,
          'valid until': isoTime(issued.expiresAt),
        });
        const usage = [
          'Give the code to the holder. Their digital-ID app enrolls one device with it, once:',
          `  POST ${enrollUrl}  {"code": "${issued.code}", "label": "<device name>"}`,
          '  signed with the new device key (Authorization: Device <proof JWS carrying the public JWK>).',
        ].join('\n');
        return { json: issued, human: `${human}\n\n${usage}` };
      }),
    );
