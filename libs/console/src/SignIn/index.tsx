import type { ConsoleSettings } from '../admin-types';
import { Refusal } from '../Refusal';
import { consoleSettings, startSignIn } from '../sign-in';
import { useAction, useLoaded } from '../use-loaded';

/** Who approves a login, by the environment of the console's client: the operator's own app, or the simulator. */
function HowToApprove({ settings }: { settings: ConsoleSettings | undefined }) {
  if (!settings) return null;
  if (settings.environment === 'sandbox') {
    return (
      <p>
        This console signs in sandbox test persons: approve the login in the simulator, as a test person named an
        operator.
      </p>
    );
  }
  return (
    <p>
      On the login page, have the login sent to your phone (or scan its QR code), then approve the login in your
      digital-ID app. Your app is enrolled once, at <a href="/app/">/app/</a>, with a code from npm run cli --
      device:enrollment-code.
    </p>
  );
}

/** The first screen: an operator signs in with their digital ID, through idflow's own login page. */
export function SignIn({ problem }: { problem: string | undefined }) {
  const settings = useLoaded(consoleSettings, []);
  const action = useAction();
  return (
    <main class="narrow">
      <h1>idflow console</h1>
      <section class="card" aria-labelledby="sign-in-title">
        <h2 id="sign-in-title">Sign in</h2>
        <p>
          Operators sign in with their digital ID. The first operator is named with the CLI: npm run cli --
          operator:add.
        </p>
        <HowToApprove settings={settings.value} />
        <Refusal message={action.error ?? problem ?? settings.error} id="sign-in-problem" />
        <button type="button" disabled={action.busy} onClick={() => action.run(startSignIn)}>
          Sign in with idflow
        </button>
      </section>
    </main>
  );
}
