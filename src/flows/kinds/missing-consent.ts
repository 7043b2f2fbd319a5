import { RequestValidationError } from '../../common/errors/request-validation.error';
import type { Consent } from './consent';

/** The 400 for an approval without what its kind needs: `claims` to release, or a `signature`. */
export function missingConsent(field: keyof Consent): RequestValidationError {
  return new RequestValidationError([{ code: 'invalid_type', path: [field], message: `${field} is required` }]);
}
