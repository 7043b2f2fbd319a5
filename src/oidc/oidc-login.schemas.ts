import { object, oneOfStrings, string } from '../common/openapi/json-schema';
import { namedSchema } from '../common/openapi/named-schemas';
import { FLOW_STATUSES } from '../flows/flow-state';

/** Where a hosted OIDC login stands (`LoginProgress`), as its page polls it. */
export const LOGIN_PROGRESS_SCHEMA = namedSchema(
  'OidcLoginProgress',
  object(
    {
      state: oneOfStrings(['pending', 'finished']),
      status: oneOfStrings(FLOW_STATUSES, "The login's identification flow"),
      qrSvg: string("The animated QR code's frame of this second, as SVG"),
      link: string('The same-device link that opens the digital-ID app'),
      verificationCode: string('A pushed login: the four digits the app shows too'),
      redirectTo: string("Once finished: the client's redirect URI, with the code or `error=access_denied`"),
    },
    { optional: ['qrSvg', 'link', 'verificationCode', 'redirectTo'] },
  ),
);
