import type { interactionPolicy } from 'oidc-provider';
import { CREATE_PROMPT, loginActionOf } from './login-action';

/**
 * The provider's interaction policy: its own login and consent prompts, and `create`, which `prompt=create` asks for
 * and which idflow gives every login whose action is signup or link: those put a question of their own to the person,
 * which the session of an earlier login does not answer.
 */
export function loginPrompts(policy: typeof interactionPolicy): interactionPolicy.Prompt[] {
  const create = new policy.Prompt(
    { name: CREATE_PROMPT, requestable: true },
    new policy.Check(
      'action_not_login',
      'A signup or a link is asked of the person',
      (ctx) => loginActionOf(ctx.oidc.params ?? {}) !== 'login' && ctx.oidc.result?.[CREATE_PROMPT] === undefined,
    ),
  );
  return [...policy.base(), create];
}
