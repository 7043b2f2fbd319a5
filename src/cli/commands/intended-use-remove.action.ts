import { intendedUseView } from '../../admin/intended-use-views';
import { IntendedUsesModule } from '../../eudi/intended-uses.module';
import { IntendedUsesService } from '../../eudi/intended-uses.service';
import type { CliAction } from '../cli-action';
import { summary } from '../summary';
import type { AppOptions } from './app-option';

export interface IntendedUseRemoveOptions extends AppOptions {
  name: string;
}

export const action: CliAction<IntendedUseRemoveOptions> = {
  needs: { imports: [IntendedUsesModule] },
  audit: { command: 'intended-use:remove', target: (options) => ({ appId: options.app, name: options.name }) },
  async run(context, options) {
    const use = intendedUseView(await context.get(IntendedUsesService).remove(options.app, options.name));
    return {
      json: use,
      human: summary(`Intended use ${use.name} of app ${use.appId} removed`, { purpose: use.purpose }),
    };
  },
};
