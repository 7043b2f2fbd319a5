import { Command } from 'commander';
import { AdminPersonsService } from '../../admin/admin-persons.service';
import { deviceView } from '../../admin/admin-views';
import type { Environment } from '../../tenants/environment';
import { OutputOptions, runCommand } from '../run-command';
import { isoTime, listing } from '../summary';
import { jsonOption } from './json-option';
import { ninOption, personEnvironmentOption } from './person-options';

interface DevicesListOptions extends OutputOptions {
  nin: string;
  env: Environment;
}

export const devicesListCommand = () =>
  new Command('devices:list')
    .description("list a person's devices, oldest first, revoked ones included; never their keys")
    .addOption(ninOption())
    .addOption(personEnvironmentOption())
    .addOption(jsonOption())
    .action((options: DevicesListOptions) =>
      runCommand(options, async (context) => {
        const devices = (await context.get(AdminPersonsService).devicesOf(options.env, options.nin)).map(deviceView);
        const human = listing(
          `devices of NIN ${options.nin} (${options.env})`,
          devices.map((device) => [
            device.id,
            `${device.label} (${device.alg}${device.virtual ? ', virtual' : ''})` +
              (device.revokedAt === null ? '' : `, revoked ${isoTime(device.revokedAt)}`),
            device.createdAt,
          ]),
        );
        return { json: { devices }, human };
      }),
    );
