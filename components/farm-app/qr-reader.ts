/** Reads one video frame; the QR code's text, or null when none is in view. */
export type QrReader = (video: HTMLVideoElement) => Promise<string | null>;

type Detected = { rawValue: string };
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): { detect(source: CanvasImageSource): Promise<Detected[]> };
  getSupportedFormats?: () => Promise<string[]>;
};

/**
 * The browser's own BarcodeDetector where it reads QR codes (Android, macOS), else jsQR, fetched
 * only now: the decoder is a chunk of the scanner screen alone, never in any page's first load.
 */
export async function createQrReader(): Promise<{ read: QrReader; engine: "native" | "jsqr" }> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  const formats: string[] = (await Detector?.getSupportedFormats?.().catch(() => [])) ?? [];
  if (Detector && formats.includes("qr_code")) {
    const detector = new Detector({ formats: ["qr_code"] });
    return {
      engine: "native",
      read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
    };
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return {
    engine: "jsqr",
    read: async (video) => {
      const { videoWidth: width, videoHeight: height } = video;
      if (!context || width === 0 || height === 0) return null;
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const { data } = context.getImageData(0, 0, width, height);
      return jsQR(data, width, height, { inversionAttempts: "dontInvert" })?.data ?? null;
    },
  };
}
