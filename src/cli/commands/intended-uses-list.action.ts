import { intendedUseView } from '../../admin/intended-use-views';
import { IntendedUsesModule } from '../../eudi/intended-uses.module';
import { IntendedUsesService } from '../../eudi/intended-uses.service';
import type { CliAction } from '../cli-action';
import { listing } from '../summary';
import type { AppOptions } from './app-option';

export const action: CliAction<AppOptions> = {
  needs: { imports: [IntendedUsesModule] },
  async run(context, options) {
    const intendedUses = (await context.get(IntendedUsesService).list(options.app)).map(intendedUseView);
    const human = listing(
      { singular: 'intended use', of: ` of app ${options.app}` },
      intendedUses.map((use) => [use.name, `${use.purpose} (${use.claims.join(', ')})`, use.createdAt]),
    );
    return { json: { intendedUses }, human };
  },
};
