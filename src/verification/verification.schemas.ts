import { arrayOf, boolean, integer, object, oneOfStrings, string, unixSeconds } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { SIGNEE_TYPES } from '../documents/signee-status';
import { ENVIRONMENTS } from '../tenants/environment';

const VERIFIED_DOCUMENT = object({
  id: string(),
  title: string(),
  pages: integer('Pages of the stamped file, signature pages included'),
  originalPages: integer('Pages of the original the signers signed'),
  completedAt: unixSeconds('When the last signer signed'),
  completedAtIso: string(),
  environment: oneOfStrings(ENVIRONMENTS, "`sandbox` documents prove nobody's consent"),
  signers: arrayOf(
    object(
      {
        name: string(),
        representing: string(),
        title: string(),
        type: oneOfStrings(SIGNEE_TYPES),
        signedAt: unixSeconds(),
        signedAtIso: string(),
        identification: string(),
        signatureFingerprint: string("The first 16 hex characters of the SHA-256 of the signer's receipt"),
      },
      { optional: ['title'] },
    ),
  ),
});

/** The verdict of `POST /verify`. */
export const VERIFICATION_SCHEMA = namedSchema(
  'Verification',
  object(
    {
      result: oneOfStrings(['verified', 'altered', 'unknown']),
      verified: boolean(),
      summary: string('Why, in a sentence a person can read'),
      document: {
        anyOf: [VERIFIED_DOCUMENT, object({ id: string() }, { description: 'Altered: only the id the file claims' })],
        description: 'The whole record when verified; only the id the file claims when altered',
      },
      sha256: string('Hex SHA-256 of the file as received'),
    },
    { optional: ['document'] },
  ),
);
