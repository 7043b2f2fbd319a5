import { useEffect, useRef, useState } from 'preact/hooks';
import { STRINGS } from '../strings';

const T = STRINGS.scan;
/** How often a frame is read: often enough to catch an animated code's second, seldom enough to spare a phone. */
const READ_EVERY_MS = 200;

interface QrScanProps {
  /** What the app takes from a QR code's text, or null for a code it has no use for here. */
  read: (text: string) => string | null;
  onScanned: (value: string) => void;
  /** Shown for a QR code that `read` has no use for. */
  unrecognised: string;
}

/**
 * Scans a QR code with the camera (the back one on a phone): a flow's (an animated frame, a wildcard seed, a link) or an
 * enrollment code. The camera runs only while the scanner is open and stops at the first code `read` takes.
 */
export function QrScan({ read, onScanned, unrecognised }: QrScanProps) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState('');
  const video = useRef<HTMLVideoElement>(null);
  // The latest props, read when a code is found: new ones from the parent do not restart the camera.
  const latest = useRef({ read, onScanned, unrecognised });
  latest.current = { read, onScanned, unrecognised };

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    const watch = async () => {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      // Closed while the browser was still asking for the camera: it is let go at once.
      if (stopped || !video.current) return release();
      video.current.srcObject = stream;
      await video.current.play();
      // Loaded when the camera first opens: the decoder is larger than the rest of the app.
      const decoder = await (await import('../qr-decoder')).qrDecoder();
      const look = async () => {
        if (stopped || !video.current) return;
        // A frame is read once the video has one (HAVE_CURRENT_DATA): a detector refuses a video that has none yet.
        const text = video.current.readyState >= 2 ? await decoder.decode(video.current) : null;
        const value = text === null ? null : latest.current.read(text);
        if (value) {
          setOpen(false);
          latest.current.onScanned(value);
          return;
        }
        if (text !== null) setProblem(latest.current.unrecognised);
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
      release();
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
