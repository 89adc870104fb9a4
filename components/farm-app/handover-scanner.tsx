"use client";

import { Camera, CameraOff, CircleCheck, Clock } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { queueHandover, type FlushedHandover, type QueuedHandover } from "@/lib/handover-queue";
import { flushQueueNow, QUEUE_FLUSHED_EVENT, requestQueueSync } from "./flush-queue";
import { handoverStore } from "./handover-store";
import { HANDOVER_DONE_KEY } from "./install-prompt";
import type { QrReader } from "./qr-reader";
import { sendHandover } from "./send-handover";

export const CAMERA_BLOCKED_MESSAGE =
  "The camera is blocked for this site. To scan, allow it: tap the lock or camera icon beside the address, set Camera to Allow, then tap Start the camera again. Until then, type the code printed under the customer's QR code.";
const NO_CAMERA_MESSAGE =
  "No camera could be opened on this device. Please type the code printed under the customer's QR code.";
const QUEUED_MESSAGE =
  "You are offline. The confirmation is saved on this phone with the time of the handover and is sent when you are back online.";
const SIGNED_OUT_MESSAGE = "You were signed out. Please sign in again, then confirm the handover.";
/** A frame every 250 ms: quick enough to feel instant, light enough for an old phone. */
const SCAN_INTERVAL_MS = 250;
/** While confirmations wait, the app tries again this often (a lost `online` event). */
const RETRY_INTERVAL_MS = 10_000;

type CameraState = "off" | "starting" | "on" | "blocked" | "missing";
type Result =
  | { kind: "confirmed" | "already_confirmed" | "queued"; message: string }
  | { kind: "refused"; message: string };

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });

/**
 * "Scan a customer's code" (issue 45 item 4, decision 0054): the camera reads the customer's QR
 * code, or the farm types the short code under it; the handover is confirmed in place. Offline, it
 * is queued on the phone with its time and sent when the network returns, exactly once.
 */
export function HandoverScanner() {
  const [camera, setCamera] = useState<CameraState>("off");
  const [result, setResult] = useState<Result | null>(null);
  const [queue, setQueue] = useState<QueuedHandover[]>([]);
  const [sent, setSent] = useState<FlushedHandover[]>([]);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState("");
  const videoRef = useRef<HTMLVideoElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const codeId = useId();

  const refreshQueue = useCallback(async () => {
    setQueue(await handoverStore().list());
  }, []);

  const flush = useCallback(async () => {
    if (!navigator.onLine) return;
    await flushQueueNow();
    await refreshQueue();
  }, [refreshQueue]);

  // Sent on open, when the network returns, when the worker's Background Sync says so, and every
  // few seconds while something waits.
  useEffect(() => {
    const onFlushed = (event: Event) => {
      const flushed = (event as CustomEvent<FlushedHandover[]>).detail;
      setSent((before) => [...flushed.filter((f) => f.result !== "kept"), ...before].slice(0, 10));
      void refreshQueue();
    };
    const onOnline = () => void flush();
    window.addEventListener(QUEUE_FLUSHED_EVENT, onFlushed);
    window.addEventListener("online", onOnline);
    // What waits from an earlier visit, then send it.
    void handoverStore()
      .list()
      .then((items) => {
        setQueue(items);
        return flush();
      });
    return () => {
      window.removeEventListener(QUEUE_FLUSHED_EVENT, onFlushed);
      window.removeEventListener("online", onOnline);
    };
  }, [flush, refreshQueue]);

  useEffect(() => {
    if (queue.length === 0) return;
    const timer = window.setInterval(() => void flush(), RETRY_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [queue.length, flush]);

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setCamera((current) => (current === "on" || current === "starting" ? "off" : current));
  }, []);
  useEffect(() => stopCamera, [stopCamera]);

  const confirm = useCallback(
    async (value: string) => {
      const text = value.trim();
      if (!text || busy) return;
      setBusy(true);
      setResult(null);
      try {
        const answer = navigator.onLine
          ? await sendHandover({ code: text })
          : ({ ok: false, status: 0, message: "" } as const);
        if (answer.ok) {
          localStorage.setItem(HANDOVER_DONE_KEY, "1");
          setResult({ kind: answer.outcome, message: answer.message });
          setCode("");
        } else if (answer.status === 0 || answer.status >= 500) {
          // No answer, or the server's fault: kept on the phone like an offline handover.
          await queueHandover(handoverStore(), { code: text, newId: () => crypto.randomUUID() });
          await refreshQueue();
          void requestQueueSync();
          setResult({ kind: "queued", message: QUEUED_MESSAGE });
          setCode("");
        } else {
          setResult({
            kind: "refused",
            message: answer.status === 401 ? SIGNED_OUT_MESSAGE : answer.message,
          });
        }
      } finally {
        setBusy(false);
      }
    },
    [busy, refreshQueue],
  );

  const startCamera = useCallback(async () => {
    setResult(null);
    setCamera("starting");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment" },
        audio: false,
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      setCamera(name === "NotAllowedError" || name === "SecurityError" ? "blocked" : "missing");
      inputRef.current?.focus();
      return;
    }
    streamRef.current = stream;
    const video = videoRef.current!;
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    setCamera("on");

    let reader: QrReader;
    try {
      reader = (await import("./qr-reader").then((m) => m.createQrReader())).read;
    } catch {
      stopCamera();
      setCamera("missing");
      return;
    }
    const tick = async () => {
      if (streamRef.current !== stream) return;
      const text = await reader(video).catch(() => null);
      if (text) {
        stopCamera();
        void confirm(text);
        return;
      }
      window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    };
    void tick();
  }, [confirm, stopCamera]);

  const cameraOn = camera === "on" || camera === "starting";
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <section aria-labelledby="scan-camera" className="grid gap-4 self-start">
        <h2 id="scan-camera" className="text-xl font-bold text-stone-900">
          Camera
        </h2>
        <div className="relative aspect-square w-full max-w-sm overflow-hidden rounded-2xl bg-stone-900">
          <video
            ref={videoRef}
            aria-label="Camera view"
            muted
            playsInline
            className={cameraOn ? "size-full object-cover" : "hidden"}
          />
          {cameraOn ? null : (
            <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-stone-200">
              Point the camera at the QR code on the customer&rsquo;s phone or printout.
            </p>
          )}
        </div>
        {cameraOn ? (
          <Button variant="secondary" onClick={stopCamera} className="self-start">
            <CameraOff aria-hidden />
            Stop the camera
          </Button>
        ) : (
          <Button onClick={() => void startCamera()} className="self-start">
            <Camera aria-hidden />
            Start the camera
          </Button>
        )}
        {camera === "blocked" || camera === "missing" ? (
          <p role="alert" className="text-sm text-stone-800">
            {camera === "blocked" ? CAMERA_BLOCKED_MESSAGE : NO_CAMERA_MESSAGE}
          </p>
        ) : null}
      </section>

      <div className="grid gap-8 self-start">
        <section aria-labelledby="scan-typed" className="grid gap-3">
          <h2 id="scan-typed" className="text-xl font-bold text-stone-900">
            Or type the code
          </h2>
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void confirm(code);
            }}
          >
            <label htmlFor={codeId} className="font-semibold text-stone-800">
              Code under the QR code
            </label>
            <input
              ref={inputRef}
              id={codeId}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="1042-7KQ2-M9XD"
              className="focus-visible:outline-leaf-600 h-11 rounded-xl border border-stone-300 px-3 font-mono text-lg tracking-wider focus-visible:outline-2"
            />
            <Button type="submit" disabled={busy || code.trim() === ""} className="self-start">
              Confirm handover
            </Button>
          </form>
        </section>

        <ResultNote result={result} />

        <section aria-labelledby="scan-waiting" className="grid gap-2">
          <h2 id="scan-waiting" className="text-xl font-bold text-stone-900">
            Waiting to send
          </h2>
          {queue.length === 0 ? (
            <p className="text-stone-700">Nothing is waiting to be sent.</p>
          ) : (
            <>
              <ul
                aria-label="Confirmations waiting to be sent"
                className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white"
              >
                {queue.map((item) => (
                  <li key={item.id} className="flex items-center gap-3 p-3">
                    <Clock aria-hidden className="size-5 text-stone-500" />
                    <span className="min-w-0 flex-1 font-mono break-all">{item.code}</span>
                    <span className="text-sm text-stone-600">
                      handed over at {timeOf(item.handedOverAt)}
                    </span>
                  </li>
                ))}
              </ul>
              <Button variant="secondary" onClick={() => void flush()} className="self-start">
                Send now
              </Button>
            </>
          )}
        </section>

        {sent.length > 0 ? (
          <section aria-labelledby="scan-sent" className="grid gap-2">
            <h2 id="scan-sent" className="text-xl font-bold text-stone-900">
              Sent from this phone
            </h2>
            <ul aria-label="Sent confirmations" className="grid gap-1">
              {sent.map((item) => (
                <li
                  key={item.id}
                  className={item.result === "refused" ? "text-tomato-700" : "text-stone-800"}
                >
                  {item.result === "refused" ? `Not confirmed: ${item.message}` : item.message}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}

function ResultNote({ result }: { result: Result | null }) {
  if (!result) return <div role="status" aria-live="polite" className="sr-only" />;
  if (result.kind === "refused")
    return (
      <div role="alert" className="grid gap-1 rounded-2xl border border-stone-200 bg-white p-4">
        <h2 className="text-tomato-600 text-lg font-bold">Not confirmed</h2>
        <p className="text-stone-800">{result.message}</p>
      </div>
    );
  const heading =
    result.kind === "confirmed"
      ? "Handover confirmed"
      : result.kind === "already_confirmed"
        ? "Already confirmed"
        : "Saved on this phone";
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-start gap-3 rounded-2xl border border-stone-200 bg-white p-4"
    >
      {result.kind === "queued" ? (
        <Clock aria-hidden className="size-7 shrink-0 text-stone-600" />
      ) : (
        <CircleCheck aria-hidden className="text-leaf-700 size-7 shrink-0" />
      )}
      <div>
        <h2 className="text-lg font-bold text-stone-900">{heading}</h2>
        <p className="text-stone-800">{result.message}</p>
      </div>
    </div>
  );
}
