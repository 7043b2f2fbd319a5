// Each class from its own module: the package's index brings every format's reader and writer (450 KB against 95 KB).
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import ChecksumException from '@zxing/library/esm/core/ChecksumException';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import FormatException from '@zxing/library/esm/core/FormatException';
import NotFoundException from '@zxing/library/esm/core/NotFoundException';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';

/** Reads the QR code in a camera's current frame, if there is one. */
export interface QrDecoder {
  decode(video: HTMLVideoElement): Promise<string | null>;
}

/** The Shape Detection API's detector, where the browser has one (Chromium on Android and macOS, not on Linux). */
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own BarcodeDetector when it reads QR codes; ZXing's QR reader over the frame's pixels otherwise. */
export async function qrDecoder(): Promise<QrDecoder> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats()).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return { decode: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
  }
  return zxingDecoder();
}

function zxingDecoder(): QrDecoder {
  const canvas = document.createElement('canvas');
  const reader = new QRCodeReader();
  const hints = new Map([[DecodeHintType.TRY_HARDER, true]]);
  return {
    decode: async (video) => {
      const { videoWidth: width, videoHeight: height } = video;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!width || !height || !context) return null;
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0);
      const source = new RGBLuminanceSource(luminances(context.getImageData(0, 0, width, height)), width, height);
      try {
        return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
      } catch (error) {
        // No code in this frame, or one too blurred to read: the next frame is tried.
        if (error instanceof NotFoundException || error instanceof ChecksumException) return null;
        if (error instanceof FormatException) return null;
        throw error;
      }
    },
  };
}

/** A frame's RGBA pixels as one luminance byte each (ITU-R BT.601 weights), as ZXing reads them. */
function luminances({ data, width, height }: ImageData): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height);
  for (let pixel = 0, byte = 0; pixel < out.length; pixel++, byte += 4) {
    out[pixel] = (data[byte] * 77 + data[byte + 1] * 150 + data[byte + 2] * 29) >> 8;
  }
  return out;
}
