import { Refusal } from '../Refusal';
import { startSignIn } from '../sign-in';
import { useAction } from '../use-loaded';

/** The first screen: an operator signs in with their digital ID, through idflow's own login page. */
export function SignIn({ problem }: { problem: string | undefined }) {
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
        <Refusal message={action.error ?? problem} id="sign-in-problem" />
        <button type="button" disabled={action.busy} onClick={() => action.run(startSignIn)}>
          Sign in with idflow
        </button>
      </section>
    </main>
  );
}
