import { ConsumerSigningProvidersModule } from '../../remote-signing/consumer-signing-providers.module';
import { ConsumerSigningProvidersService } from '../../remote-signing/consumer-signing-providers.service';
import type { CliAction } from '../cli-action';
import { summary } from '../summary';
import type { SigningProviderOptions } from './signing-provider-options';

export const action: CliAction<SigningProviderOptions> = {
  needs: { imports: [ConsumerSigningProvidersModule] },
  async run(context, options) {
    const check = await context.get(ConsumerSigningProvidersService).check(options.consumer, options.name);
    const answer = { name: options.name, ...check };
    const fields: Record<string, string> = {
      ...(check.info ? { provider: `${check.info.name ?? '?'} (CSC ${check.info.specs ?? '?'})` } : {}),
      ...(check.problem ? { problem: check.problem } : {}),
    };
    const title = `Signing provider ${options.name} ${check.ok ? 'answered and accepted idflow' : 'failed the check'}`;
    return { json: answer, human: Object.keys(fields).length > 0 ? summary(title, fields) : title };
  },
};
