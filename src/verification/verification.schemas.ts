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
          description:
            "What was found of the PDF's own PAdES signature (the last one in the file that is not a document timestamp)",
        },
      ),
      pades: object(
        {
          level: oneOfStrings(
            ['B-B', 'B-T', 'B-LT', 'B-LTA'],
            "The PAdES baseline level the whole file reaches: the seal's, or `B-LTA` when a valid document timestamp " +
              'covers its validation data; absent when the seal is not valid',
          ),
          validatedAtIso: string("The time the seal's certificate chain was checked at (UTC, whole seconds)"),
          validationTimeBasis: oneOfStrings(
            ['current-time', 'document-timestamp', 'signature-timestamp'],
            '`current-time` while the chain is valid now; once it is not, the time a timestamp in the file proves the ' +
              'seal existed: the earliest document timestamp (B-LTA) or the signature timestamp (B-LT)',
          ),
          signatures: arrayOf(
            object(
              {
                signer: string('The common name of the signing certificate'),
                signedAtIso: string("The claimed signing time, from the signature dictionary's /M"),
                valid: boolean('Byte ranges, digest and signature value all check out (checked for the seal)'),
                trusted: boolean(
                  "Valid, and the certificate chains up to the seal CA (a signee's: the signing CA) at the validation " +
                    'time, before any revocation',
                ),
                coversWholeFile: boolean('Nothing but validation data and document timestamps was added after it'),
                certificateStatus: oneOfStrings(
                  ['good', 'revoked', 'unknown'],
                  "The signing certificate's revocation status now, as its CA answers it: `unknown` where idflow " +
                    "cannot ask that CA (an operator's seal PKCS#12, an external signing provider). A revoked " +
                    "certificate's signature stays trusted when a timestamp proves it was made before the revocation",
                ),
                revokedAtIso: string('When the certificate was revoked (UTC, whole seconds); only when it was'),
                validatedAtIso: string(
                  "A trusted signee's signature: the time its chain was checked at (UTC, whole seconds), before the " +
                    'revocation of a revoked certificate',
                ),
              },
              { optional: ['signer', 'signedAtIso', 'revokedAtIso', 'validatedAtIso'] },
            ),
            'Every PDF signature that is not a document timestamp, oldest first',
          ),
          timestamps: arrayOf(
            object(
              {
                type: oneOfStrings(['signature', 'document'], '`signature` (B-T) or `document` (B-LTA)'),
                authority: string("The common name of the timestamp authority's certificate"),
                timeIso: string('The time the authority vouches for'),
                valid: boolean(
                  'The token is over the signature value, or the byte ranges of a document timestamp, and its ' +
                    'signature verifies',
                ),
                coversWholeFile: boolean(
                  'Document timestamps: nothing but validation data and later document timestamps was added after it',
                ),
              },
              { optional: ['authority', 'timeIso', 'coversWholeFile'] },
            ),
            'Signature timestamps, then document timestamps, oldest first',
          ),
        },
        {
          optional: ['level'],
          description:
            'Every signature and timestamp in the file, the PAdES level it reaches and the validation time relied on',
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
