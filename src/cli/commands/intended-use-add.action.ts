import { intendedUseView } from '../../admin/intended-use-views';
import { IntendedUsesModule } from '../../eudi/intended-uses.module';
import { IntendedUsesService } from '../../eudi/intended-uses.service';
import type { CliAction } from '../cli-action';
import { summary } from '../summary';
import type { AppOptions } from './app-option';

export interface IntendedUseAddOptions extends AppOptions {
  name: string;
  purpose: string;
  credential: string[];
  claim: string[];
}

export const action: CliAction<IntendedUseAddOptions> = {
  needs: { imports: [IntendedUsesModule] },
  audit: { command: 'intended-use:add', target: (options) => ({ appId: options.app, name: options.name }) },
  async run(context, options) {
    const use = intendedUseView(
      await context.get(IntendedUsesService).register(options.app, {
        name: options.name,
        purpose: options.purpose,
        credentials: options.credential,
        claims: options.claim,
      }),
    );
    return {
      json: use,
      human: summary(`Intended use ${use.name} of app ${use.appId} registered`, {
        purpose: use.purpose,
        credentials: use.credentials.join(', '),
        claims: use.claims.join(', '),
      }),
    };
  },
};
