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
      seal: object(
        {
          present: boolean('Whether the file carries a signature at all'),
          valid: boolean(
            'The byte ranges cover the whole file but the signature, the digest matches, the signature is sound',
          ),
          trusted: boolean(
            "Valid, and its certificate chains up to this service's seal CA (or the operator's seal root)",
          ),
          level: oneOfStrings(
            ['B-B', 'B-T', 'B-LT'],
            '`B-T` when a timestamp token countersigns the signature; `B-LT` when the file also holds the validation ' +
              'data (/DSS) added after it',
          ),
          coversWholeFile: boolean(),
          digestMatches: boolean(),
          signatureValid: boolean(),
          signer: string('The common name of the sealing certificate'),
          signedAtIso: string("The claimed signing time, from the signature dictionary's /M"),
          timestampedAtIso: string('The time the timestamp authority vouches for'),
          problem: string('Why the seal is not valid or not trusted, in a sentence'),
        },
        {
          optional: [
            'level',
            'coversWholeFile',
            'digestMatches',
            'signatureValid',
            'signer',
            'signedAtIso',
            'timestampedAtIso',
            'problem',
          ],
          description: "What was found of the PDF's own PAdES signature (the last one in the file)",
        },
      ),
      reliedOn: arrayOf(
        oneOfStrings(['record', 'seal']),
        'Which checks vouched for a verified answer: the digest recorded at stamping, the seal, or both',
      ),
    },
    { optional: ['document'] },
  ),
);
