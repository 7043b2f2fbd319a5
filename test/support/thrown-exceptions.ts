import { Session } from 'node:inspector';

/**
 * Counts every exception thrown in this process, caught ones included (Node's own, such as a Buffer key failing the
 * KeyObject brand check before it is accepted), which no process hook sees: the inspector pauses on each throw and
 * reports it synchronously, with its message and where it was thrown.
 */
function watchThrows(): { thrown: string[]; stop: () => void } {
  const session = new Session();
  const thrown: string[] = [];
  session.connect();
  session.on('Debugger.paused', ({ params }) => {
    const data = params.data as { description?: string } | undefined;
    const frame = params.callFrames[0];
    const where = frame
      ? ` at ${frame.functionName || '(anonymous)'} ${frame.url}:${frame.location.lineNumber + 1}`
      : '';
    thrown.push(`${(data?.description ?? params.reason).split('\n')[0]}${where}`);
    session.post('Debugger.resume');
  });
  session.post('Debugger.enable');
  session.post('Debugger.setPauseOnExceptions', { state: 'all' });
  return { thrown, stop: () => session.disconnect() };
}

/** The exceptions thrown while `work` runs: exactly its own, as nothing else runs in the meantime. */
export function thrownExceptions(work: () => unknown): string[] {
  const watch = watchThrows();
  try {
    work();
  } finally {
    watch.stop();
  }
  return watch.thrown;
}

/** The exceptions thrown anywhere in the process until `work` settles: a request's, and any timer's meanwhile. */
export async function thrownExceptionsWhile(work: () => Promise<unknown>): Promise<string[]> {
  const watch = watchThrows();
  try {
    await work();
  } finally {
    watch.stop();
  }
  return watch.thrown;
}
