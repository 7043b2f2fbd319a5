import jsQR from 'jsqr';

/** Reads the QR code in a camera's current frame, if there is one. */
export interface QrDecoder {
  decode(video: HTMLVideoElement): Promise<string | null>;
}

/** The Shape Detection API's detector, where the browser has one (Chromium on Android and macOS, not on Linux). */
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own BarcodeDetector when it reads QR codes; jsQR over the frame's pixels otherwise. */
export async function qrDecoder(): Promise<QrDecoder> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats()).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return { decode: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
  }
  return jsqrDecoder();
}

function jsqrDecoder(): QrDecoder {
  const canvas = document.createElement('canvas');
  return {
    decode: async (video) => {
      const { videoWidth: width, videoHeight: height } = video;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!width || !height || !context) return null;
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0);
      return jsQR(context.getImageData(0, 0, width, height).data, width, height)?.data ?? null;
    },
  };
}
