import { AdminPersonsService } from '../../admin/admin-persons.service';
import { deviceView } from '../../admin/admin-views';
import type { CliAction } from '../cli-action';
import { isoTime, listing } from '../summary';
import { PERSON_NEEDS } from './person-needs';
import type { PersonOptions } from './person-options';

export const action: CliAction<PersonOptions> = {
  needs: PERSON_NEEDS,
  async run(context, options) {
    const devices = (await context.get(AdminPersonsService).devicesOf(options.env, options.nin)).map(deviceView);
    const human = listing(
      { singular: 'device', of: ` of NIN ${options.nin} (${options.env})` },
      devices.map((device) => [
        device.id,
        `${device.label} (${device.alg}${device.virtual ? ', virtual' : ''})` +
          (device.revokedAt === null ? '' : `, revoked ${isoTime(device.revokedAt)}`),
        device.createdAt,
      ]),
    );
    return { json: { devices }, human };
  },
};
