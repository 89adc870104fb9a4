import type { HandoverCode } from "@/lib/orders/types";

/**
 * One farmer's handover QR code, drawn from the path the server computed (no QR code library in
 * the browser), with the short link it encodes and the confirm URL it leads to, for a farmer who
 * cannot scan.
 */
export function HandoverQr({ code }: { code: HandoverCode }) {
  const quiet = 4; // modules of white border scanners need
  const side = code.size + quiet * 2;
  return (
    <figure className="flex flex-col items-center gap-2 rounded-2xl border border-stone-200 bg-white p-4 text-center">
      <svg
        role="img"
        aria-label={`QR code for ${code.merchantName} to confirm the handover`}
        viewBox={`${-quiet} ${-quiet} ${side} ${side}`}
        className="size-44 sm:size-48"
        shapeRendering="crispEdges"
      >
        <rect x={-quiet} y={-quiet} width={side} height={side} fill="#ffffff" />
        <path d={code.path} fill="#1c1917" />
      </svg>
      <p className="font-mono text-lg font-semibold tracking-wider text-stone-900">
        <span className="sr-only">Handover code for {code.merchantName}: </span>
        {code.shortCode}
      </p>
      <figcaption className="text-sm text-stone-700">
        Show this to <strong className="text-stone-900">{code.merchantName}</strong> when you get
        your items. They can also type the code under it.
      </figcaption>
      <details className="w-full text-left text-sm text-stone-700">
        <summary className="focus-visible:outline-leaf-600 text-leaf-800 cursor-pointer rounded font-semibold focus-visible:outline-2">
          The farmer cannot scan?
        </summary>
        <p className="mt-1">
          They can open this link on their phone, signed in:{" "}
          <a
            href={code.qrUrl}
            className="text-leaf-800 break-all underline underline-offset-2"
            aria-label={`Short link to confirm with ${code.merchantName}`}
          >
            {code.qrUrl}
          </a>
        </p>
        <p className="mt-1">
          It leads to:{" "}
          <a
            href={code.url}
            className="text-leaf-800 break-all underline underline-offset-2"
            aria-label={`Handover link for ${code.merchantName}`}
          >
            {code.url}
          </a>
        </p>
      </details>
    </figure>
  );
}
