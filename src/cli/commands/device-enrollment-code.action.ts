import { AdminPersonsService } from '../../admin/admin-persons.service';
import { AppConfig } from '../../config/app-config';
import type { CliAction } from '../cli-action';
import { isoTime, summary } from '../summary';
import { PERSON_NEEDS } from './person-needs';
import type { PersonOptions } from './person-options';

export const action: CliAction<PersonOptions> = {
  needs: PERSON_NEEDS,
  audit: { command: 'device:enrollment-code', target: (options) => ({ nin: options.nin, environment: options.env }) },
  async run(context, options) {
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
  },
};
