import { CLAIM_KEYS } from '../claims/claim-catalog';
import { arrayOf, object, oneOfStrings, string, unixSeconds } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { CREDENTIAL_TYPES } from '../eudi/registrable-credentials';

export const INTENDED_USE_SCHEMA = namedSchema(
  'IntendedUse',
  object({
    appId: string(),
    name: string('What a wallet create names in `intendedUse`'),
    purpose: string("What the person's wallet shows as the reason it is asked"),
    credentials: arrayOf(oneOfStrings(CREDENTIAL_TYPES), 'The credential types its requests may ask for'),
    claims: arrayOf(oneOfStrings(CLAIM_KEYS), 'The catalog claims its requests may ask for'),
    createdAt: unixSeconds(),
  }),
);

export const INTENDED_USE_LIST_SCHEMA = namedSchema(
  'IntendedUses',
  object({ intendedUses: arrayOf(INTENDED_USE_SCHEMA) }),
);
