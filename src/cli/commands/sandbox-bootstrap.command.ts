import { Command } from 'commander';
import { SandboxBootstrapService } from '../../sandbox/sandbox-bootstrap.service';
import { OutputOptions, runCommand } from '../run-command';
import { summary } from '../summary';
import { jsonOption } from './json-option';

export const sandboxBootstrapCommand = () =>
  new Command('sandbox:bootstrap')
    .description('create a sandbox app with every scope and its credentials; seeds the test persons on first use')
    .addOption(jsonOption())
    .action((options: OutputOptions) =>
      runCommand(options, async (context) => {
        const sandbox = await context.get(SandboxBootstrapService).bootstrap();
        const human = summary('Sandbox ready; the secrets below are shown only now', {
          consumer: sandbox.consumerId,
          app: sandbox.appId,
          'API key': sandbox.apiKey,
          'app secret': sandbox.appSecret,
          'webhook secret': sandbox.webhookSecret,
          ...Object.fromEntries(sandbox.testPersons.map((person) => [`NIN ${person.nin}`, person.name])),
          [`NIN ${sandbox.ninWithoutDigitalId}`]: 'no digital ID',
        });
        return { json: sandbox, human: `${human}\n\n${sandbox.privateKey.trimEnd()}` };
      }),
    );
