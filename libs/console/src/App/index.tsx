import { useEffect, useMemo, useState } from 'preact/hooks';
import { AdminClient } from '../admin-client';
import type { Session } from '../admin-types';
import { Audit } from '../Audit';
import { Consumers } from '../Consumers';
import { Flows } from '../Flows';
import { Operations } from '../Operations';
import { Operators } from '../Operators';
import { Persons } from '../Persons';
import { SignIn } from '../SignIn';
import { finishSignIn, forgetSession, storedSession } from '../sign-in';
import { Usage } from '../Usage';

const SECTIONS = ['Consumers', 'Flows', 'Persons', 'Operators', 'Audit log', 'Usage', 'Operations'] as const;
type Section = (typeof SECTIONS)[number];

const returningFromLogin = () => /[?&](code|error)=/.test(location.search);

/** The console: the sign-in screen until an operator holds a session, then the sections they may read. */
export function App() {
  const [session, setSession] = useState<Session | undefined>(storedSession);
  const [problem, setProblem] = useState<string>();
  const [finishing, setFinishing] = useState(returningFromLogin);

  useEffect(() => {
    if (!finishing) return;
    finishSignIn()
      .then((signedIn) => setSession(signedIn))
      .catch((failure: Error) => setProblem(failure.message))
      .finally(() => setFinishing(false));
  }, []);

  const end = (reason?: string) => {
    forgetSession();
    setSession(undefined);
    setProblem(reason);
  };

  if (finishing) {
    return (
      <main>
        <p role="status">Signing in ...</p>
      </main>
    );
  }
  if (!session) return <SignIn problem={problem} />;
  return <SignedIn session={session} end={end} />;
}

function SignedIn({ session, end }: { session: Session; end: (reason?: string) => void }) {
  const [section, setSection] = useState<Section>('Consumers');
  const client = useMemo(
    () => new AdminClient(session.token, () => end('The session has ended; sign in again')),
    [session.token],
  );
  const { operator } = session;
  const signOut = async () => {
    await client.delete('/session').catch(() => undefined);
    end();
  };
  return (
    <>
      <header class="bar">
        <h1>idflow console</h1>
        <p id="signed-in-as">
          {operator.name} <span class="role">{operator.role}</span>
        </p>
        <button type="button" class="secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <nav aria-label="Sections">
        <ul>
          {SECTIONS.map((name) => (
            <li key={name}>
              <button
                type="button"
                aria-current={section === name ? 'page' : undefined}
                onClick={() => setSection(name)}
              >
                {name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        {section === 'Consumers' && <Consumers client={client} role={operator.role} />}
        {section === 'Flows' && <Flows client={client} />}
        {section === 'Persons' && <Persons client={client} role={operator.role} />}
        {section === 'Operators' && <Operators client={client} role={operator.role} self={operator.id} />}
        {section === 'Audit log' && <Audit client={client} />}
        {section === 'Usage' && <Usage client={client} />}
        {section === 'Operations' && <Operations client={client} />}
      </main>
    </>
  );
}
