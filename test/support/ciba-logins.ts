import type { TestAgent } from './test-app';
import type { TestDevice } from './test-device';
import { eventually } from './waiting';

export const CIBA_GRANT_TYPE = 'urn:openid:params:grant-type:ciba';

/** The flow a CIBA login pushed, as the person's phone finds it in its inbox: the one showing the binding message. */
export async function pushedFlowOf(phone: TestDevice, http: () => TestAgent, bindingMessage: string): Promise<string> {
  let flowId: string | undefined;
  await eventually(
    'the login reaches the phone',
    async () => {
      const inbox = await phone.get(http, '/wallet/v1/inbox');
      for (const flow of inbox.body.data.flows as Array<{ id: string }>) {
        const read = await phone.get(http, `/wallet/v1/flows/${flow.id}`);
        if (JSON.stringify(read.body).includes(bindingMessage)) flowId = flow.id;
      }
      return flowId !== undefined;
    },
    5000,
  );
  return flowId as string;
}

/** The OAuth error code a relying-party call failed with; undefined when it did not fail that way. */
export async function oauthErrorOf(work: Promise<unknown>): Promise<string | undefined> {
  const error = (await work.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as { error?: string; cause?: Array<{ parameters?: { error?: string } }> } | undefined;
  // A refused client authentication comes as a WWW-Authenticate challenge, its error among the parameters.
  return error?.error ?? error?.cause?.[0]?.parameters?.error;
}
