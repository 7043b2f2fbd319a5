import { arrayOf, boolean, integer, object, oneOfStrings, string, unixSeconds } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { SIGNEE_STATUSES, SIGNEE_TYPES } from '../documents/signee-status';
import { FLOW_STATUSES } from '../flows/flow-state';

/** A review document as its hosted page shows and follows it (`review-state.ts`). */
export const REVIEW_ANSWER_SCHEMA = namedSchema(
  'ReviewAnswer',
  object({
    review: object({
      id: string(),
      title: string(),
      app: string('The name of the app that asks for the signatures'),
      status: oneOfStrings(FLOW_STATUSES),
      open: boolean('True until the document is completed, rejected, cancelled or expired'),
      summary: string('Where the document stands, in a sentence'),
      exp: unixSeconds(),
      file: object(
        { url: string('The original PDF'), pages: integer(), stamped: string('Once every signee has signed') },
        { optional: ['stamped'] },
      ),
      signees: arrayOf(
        object(
          {
            position: integer("The signee's index: how the page's actions name them"),
            name: string(),
            type: oneOfStrings(SIGNEE_TYPES),
            representing: string(),
            title: string(),
            nin: string('Masked: only the last four digits'),
            status: oneOfStrings(SIGNEE_STATUSES),
            statusLabel: string('The status in words, as the page prints it'),
            open: boolean('True while this signee may still confirm, sign or decline'),
            sandboxDevice: boolean('True when the sandbox test device may sign for them'),
            signedAt: unixSeconds('Once signed'),
          },
          { optional: ['title', 'signedAt'] },
        ),
      ),
    }),
  }),
);
