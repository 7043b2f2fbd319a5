import { displayTextProblem } from '../common/validation/is-display-text';

/** Short enough for the person's app to show beside the verification code, as a till or call centre writes one. */
export const BINDING_MESSAGE_MAX_LENGTH = 20;

/**
 * Why a CIBA `binding_message` cannot be shown to the person, or undefined when it can: 1 to
 * BINDING_MESSAGE_MAX_LENGTH characters of plain text on one line. CIBA Core 7.1 asks for "a limited set of plain text
 * characters", which spaces and letters of any script are ("Till 4"); what it must not hold are the control and format
 * characters that would hide or reorder what the person reads.
 */
export function bindingMessageProblem(message: string): string | undefined {
  const length = [...message].length;
  if (length > BINDING_MESSAGE_MAX_LENGTH || message.trim() === '') {
    return `binding_message must be 1 to ${BINDING_MESSAGE_MAX_LENGTH} characters of plain text`;
  }
  return displayTextProblem(message, 'binding_message');
}
