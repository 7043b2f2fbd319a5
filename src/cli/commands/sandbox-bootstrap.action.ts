import { SandboxBootstrapService } from '../../sandbox/sandbox-bootstrap.service';
import { SandboxModule } from '../../sandbox/sandbox.module';
import { madeIds } from '../cli-audit';
import type { CliAction, OutputOptions } from '../cli-action';
import { summary } from '../summary';

export const action: CliAction<OutputOptions> = {
  needs: { imports: [SandboxModule] },
  audit: {
    command: 'sandbox:bootstrap',
    // The answer carries the app's key, secret and private key: only the ids it made are kept.
    target: (_options, made) => madeIds(made, 'consumerId', 'appId'),
  },
  async run(context) {
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
  },
};
