import { create } from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** The white margin a reader needs around a QR code, in modules (ISO/IEC 18004). */
const QUIET_ZONE = 4;

/**
 * Videos for Chromium's fake camera (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>`):
 * Y4M, one still frame that Chromium shows over and over, grey-scale (4:2:0 with neutral chroma).
 */
export function blankVideo(): Buffer {
  return stillVideo(Buffer.alloc(WIDTH * HEIGHT, 255));
}

/** A still video of `text` as a QR code, drawn by the `qrcode` package, black on white in the middle of the frame. */
export function qrCodeVideo(text: string): Buffer {
  const { size, data } = create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (size + 2 * QUIET_ZONE));
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let row = 0; row < size * scale; row++) {
    for (let column = 0; column < size * scale; column++) {
      const dark = data[Math.floor(row / scale) * size + Math.floor(column / scale)];
      if (dark) luma[(top + row) * WIDTH + left + column] = 0;
    }
  }
  return stillVideo(luma);
}

function stillVideo(luma: Buffer): Buffer {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  return Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma]);
}
