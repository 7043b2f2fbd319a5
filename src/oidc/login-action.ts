import { IDENTIFICATION_ACTIONS } from '../identification/identification-fields';
import { textParam } from './authorization-params';

/** The custom authorization parameter by which a client chooses the action of the login's identification flow. */
export const IDFLOW_ACTION = 'idflow_action';

/** The prompt of OpenID Connect Prompt Create 1.0: the person means to sign up. */
export const CREATE_PROMPT = 'create';

type LoginAction = (typeof IDENTIFICATION_ACTIONS)[number];

const isLoginAction = (value: string): value is LoginAction =>
  (IDENTIFICATION_ACTIONS as readonly string[]).includes(value);

const asksToCreate = (params: Record<string, unknown>) =>
  (textParam(params, 'prompt') ?? '').split(' ').includes(CREATE_PROMPT);

/** Why the provider refuses the action an authorization request chooses; undefined when it may go on. */
export function loginActionProblem(params: Record<string, unknown>): string | undefined {
  const chosen = textParam(params, IDFLOW_ACTION);
  if (chosen === undefined) return undefined;
  if (!isLoginAction(chosen)) return `${IDFLOW_ACTION} must be one of ${IDENTIFICATION_ACTIONS.join(', ')}`;
  if (asksToCreate(params) && chosen !== 'signup')
    return `prompt=create asks for signup, not ${IDFLOW_ACTION}=${chosen}`;
  return undefined;
}

/**
 * The action of the identification flow behind an authorization request the provider accepted (see
 * loginActionProblem): `idflow_action` when given, otherwise `signup` for `prompt=create` and `login` for the rest.
 */
export function loginActionOf(params: Record<string, unknown>): LoginAction {
  const chosen = textParam(params, IDFLOW_ACTION);
  if (chosen !== undefined && isLoginAction(chosen)) return chosen;
  return asksToCreate(params) ? 'signup' : 'login';
}
