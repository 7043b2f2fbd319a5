import { Session } from 'node:inspector';

/**
 * The exceptions thrown while `work` runs, caught ones included (Node's own, such as a Buffer key failing the KeyObject
 * brand check before it is accepted): a hot path should throw none, and no process hook sees a caught one. The
 * inspector pauses on every throw and reports it synchronously, so the count covers exactly `work`.
 */
export function thrownExceptions(work: () => unknown): string[] {
  const session = new Session();
  const thrown: string[] = [];
  session.connect();
  try {
    session.on('Debugger.paused', ({ params }) => {
      const data = params.data as { description?: string } | undefined;
      thrown.push((data?.description ?? params.reason).split('\n')[0]);
      session.post('Debugger.resume');
    });
    session.post('Debugger.enable');
    session.post('Debugger.setPauseOnExceptions', { state: 'all' });
    work();
  } finally {
    session.disconnect();
  }
  return thrown;
}
