import { useEffect, useRef, useState } from 'preact/hooks';
import { flowCodeOf } from '../handed-code';
import { STRINGS } from '../strings';

const T = STRINGS.scan;
/** How often a frame is read: often enough to catch an animated code's second, seldom enough to spare a phone. */
const READ_EVERY_MS = 200;

/**
 * Scans a flow's QR code with the camera (the back one on a phone): an animated frame, a wildcard seed or a link. The
 * camera runs only while the scanner is open and stops at the first code that names a flow.
 */
export function QrScan({ onScanned }: { onScanned: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState('');
  const video = useRef<HTMLVideoElement>(null);
  // The latest handler, read when a code is found: a new one from the parent does not restart the camera.
  const scanned = useRef(onScanned);
  scanned.current = onScanned;

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watch = async () => {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      // Loaded when the camera first opens: the decoder is twice the size of the rest of the app.
      const decoder = await (await import('../qr-decoder')).qrDecoder();
      const look = async () => {
        if (stopped || !video.current) return;
        const text = await decoder.decode(video.current);
        const code = text === null ? null : flowCodeOf(text);
        if (code) {
          setOpen(false);
          scanned.current(code);
          return;
        }
        if (text !== null) setProblem(T.notAFlow);
        timer = setTimeout(() => void look().catch(fail), READ_EVERY_MS);
      };
      await look();
    };
    const fail = (failure: unknown) =>
      setProblem(T.failed(failure instanceof Error ? failure.message : String(failure)));
    watch().catch(fail);
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  if (!open) {
    return (
      <p>
        <button
          type="button"
          id="scan-open"
          onClick={() => {
            setProblem('');
            setOpen(true);
          }}
        >
          {T.open}
        </button>
      </p>
    );
  }
  return (
    <section class="card" aria-labelledby="scan-title">
      <h3 id="scan-title">{T.title}</h3>
      <p class="meta">{T.hint}</p>
      <video ref={video} id="scan-video" muted playsInline aria-label={T.videoLabel} />
      <div role="status" aria-live="polite">
        {problem && <p class="error">{problem}</p>}
      </div>
      <button type="button" class="secondary" onClick={() => setOpen(false)}>
        {T.close}
      </button>
    </section>
  );
}
