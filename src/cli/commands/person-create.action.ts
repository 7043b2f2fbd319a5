import type { Environment } from '../../tenants/environment';
import { readFileSync } from 'node:fs';
import { AdminPersonsService } from '../../admin/admin-persons.service';
import { personView } from '../../admin/admin-views';
import type { CliAction, OutputOptions } from '../cli-action';
import { summary } from '../summary';
import { PERSON_NEEDS } from './person-needs';

export interface PersonCreateOptions extends OutputOptions {
  nin: string;
  env: Environment;
  name: string;
  claims?: string;
}

/** The claims file's JSON. Never JSON.parse's own message: it quotes the file, and claim values are personal data. */
function readClaimsFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the claims file ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    // eslint-disable-next-line preserve-caught-error -- the parser's error quotes the file, whose claims are personal data
    throw new Error(`the claims file ${path} is not valid JSON${position ? ` (at character ${position})` : ''}`);
  }
}

export const action: CliAction<PersonCreateOptions> = {
  needs: PERSON_NEEDS,
  audit: { command: 'person:create', target: (options) => ({ nin: options.nin, environment: options.env }) },
  async run(context, options) {
    const claims = options.claims === undefined ? undefined : readClaimsFile(options.claims);
    const person = personView(
      await context
        .get(AdminPersonsService)
        .create({ nin: options.nin, environment: options.env, name: options.name, claims }),
    );
    const human = summary(`Person ${person.nin} created (${person.environment})`, {
      name: person.name,
      claims: person.claims.length > 0 ? person.claims.join(', ') : 'none',
      'digital ID': person.hasDigitalId
        ? 'yes, a device is enrolled'
        : `none yet; issue an enrollment code with device:enrollment-code --nin ${person.nin} --env ${person.environment}`,
    });
    return { json: { person }, human };
  },
};
