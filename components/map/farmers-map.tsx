"use client";

import { clsx } from "clsx";
import { List, Map as MapIcon } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { MerchantMapPoint } from "@/lib/catalog/types";
import {
  bboxAround,
  fetchMapPoints,
  MAP_EMPTY_MESSAGE,
  MAP_FAILED_MESSAGE,
  snapBbox,
  TOUCH_PAN_HINT,
  zoomHint,
  type Bbox,
  type ViewerPoint,
} from "./map-points";

// One of the two map libraries, chosen at build time: the other one's chunk is never requested.
const loadCanvas = () =>
  process.env.NEXT_PUBLIC_MAPBOX_TOKEN
    ? import("./farmers-map-mapbox")
    : import("./farmers-map-maplibre");
const FarmersMapCanvas = dynamic(() => loadCanvas().then((m) => m.FarmersMapCanvas), {
  ssr: false,
});

/** Start loading this far before the section scrolls into view. */
const NEAR_VIEWPORT_MARGIN = "400px 0px";
const HINT_MS = 1_500;
const MOVE_FETCH_DELAY_MS = 400;

type Status = "idle" | "loading" | "ready" | "empty" | "error";

/** The map's box: its height is reserved in the static shell so nothing below it moves. */
export function FarmersMapFrame({
  children,
  className,
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        "relative h-[26rem] overflow-hidden rounded-3xl border border-stone-200 bg-[#e8eee0] sm:h-[30rem]",
        className,
      )}
    >
      {children}
    </div>
  );
}

/**
 * The farmers map island: when the section nears the viewport it asks for the farm points and
 * loads the map code (MapLibre, or Mapbox with a token). Shows the spec's two error texts, a list
 * view of the same farms (keyboard and screen reader users, and devices without WebGL), and the
 * Ctrl/⌘ + scroll hint on a plain wheel over the map.
 */
export function FarmersMap({ viewerPoint: viewerProp }: { viewerPoint: ViewerPoint | null }) {
  // A refresh sends an equal point as a new object: keep the old one so nothing reloads.
  const viewerPoint = useStablePoint(viewerProp);
  const frameRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [status, setStatus] = useState<Status>("idle");
  const [points, setPoints] = useState<MerchantMapPoint[]>([]);
  const [listView, setListView] = useState(false);
  const [mapUnavailable, setMapUnavailable] = useState(false);
  const [hint, setHint] = useState<string | null>(null);
  const hintTimer = useRef<number | undefined>(undefined);
  const moveTimer = useRef<number | undefined>(undefined);
  const moveRequest = useRef<AbortController | null>(null);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!near) return;
    void loadCanvas().catch(() => setMapUnavailable(true));
    const controller = new AbortController();
    loadPoints(viewerPoint, controller.signal).then(
      (found) => {
        setPoints(found);
        setStatus(found.length ? "ready" : "empty");
      },
      () => {
        if (!controller.signal.aborted) setStatus("error");
      },
    );
    return () => controller.abort();
  }, [near, viewerPoint, attempt]);

  useEffect(
    () => () => {
      window.clearTimeout(hintTimer.current);
      window.clearTimeout(moveTimer.current);
      moveRequest.current?.abort();
    },
    [],
  );

  const showHint = useCallback((text: string) => {
    setHint(text);
    window.clearTimeout(hintTimer.current);
    hintTimer.current = window.setTimeout(() => setHint(null), HINT_MS);
  }, []);

  // After the person moves the map: the farms of the new view (nearest its centre, at most the cap).
  // A failure keeps the markers already shown.
  const onBoundsChange = useCallback((bbox: Bbox) => {
    window.clearTimeout(moveTimer.current);
    moveTimer.current = window.setTimeout(() => {
      moveRequest.current?.abort();
      const controller = new AbortController();
      moveRequest.current = controller;
      fetchMapPoints(snapBbox(bbox), controller.signal).then(
        (found) => {
          if (found.length) setPoints(found);
        },
        () => undefined,
      );
    }, MOVE_FETCH_DELAY_MS);
  }, []);

  const onGestureBlocked = useCallback(
    (kind: "wheel" | "touch") => {
      if (kind === "touch") showHint(TOUCH_PAN_HINT);
    },
    [showHint],
  );

  const showList = listView || mapUnavailable;
  const hasData = status === "ready" || status === "empty";

  return (
    <div className="flex flex-col gap-3">
      <div className="flex justify-end">
        <Button
          variant="secondary"
          size="sm"
          aria-pressed={listView}
          disabled={mapUnavailable}
          onClick={() => setListView((v) => !v)}
        >
          {listView ? <MapIcon aria-hidden /> : <List aria-hidden />}
          {listView ? "Show the map" : "Show as a list"}
        </Button>
      </div>
      <div
        ref={frameRef}
        onWheel={(event) => {
          if (!showList && !event.ctrlKey && !event.metaKey)
            showHint(zoomHint(navigator.userAgent));
        }}
      >
        <FarmersMapFrame>
          {status === "idle" || status === "loading" ? (
            <p
              role="status"
              className="absolute inset-0 flex items-center justify-center text-stone-700"
            >
              Loading the farmers map…
            </p>
          ) : null}

          {status === "error" ? (
            <div
              role="alert"
              className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center"
            >
              <p className="font-semibold text-stone-900">{MAP_FAILED_MESSAGE}</p>
              <Button
                variant="secondary"
                onClick={() => {
                  setStatus("loading");
                  setAttempt((n) => n + 1);
                }}
              >
                Try again
              </Button>
            </div>
          ) : null}

          {hasData && !showList ? (
            <FarmersMapCanvas
              // A new My Local point (after a save) opens the map there again.
              key={viewerPoint ? `${viewerPoint.latitude},${viewerPoint.longitude}` : "none"}
              points={points}
              viewerPoint={viewerPoint}
              onBoundsChange={onBoundsChange}
              onUnavailable={() => setMapUnavailable(true)}
              onGestureBlocked={onGestureBlocked}
            />
          ) : null}

          {hasData && showList ? (
            <FarmersList points={points} unavailable={mapUnavailable} />
          ) : null}

          {status === "empty" ? (
            <p
              role="status"
              className="absolute inset-x-4 top-4 z-10 mx-auto max-w-sm rounded-2xl bg-white/95 px-4 py-3 text-center font-semibold text-stone-900 shadow-sm"
            >
              {MAP_EMPTY_MESSAGE}
            </p>
          ) : null}

          <p
            aria-hidden
            className={clsx(
              "pointer-events-none absolute inset-x-0 top-1/2 z-20 mx-auto w-fit -translate-y-1/2 rounded-full bg-stone-900/85 px-4 py-2 text-sm font-semibold text-white transition-opacity",
              hint ? "opacity-100" : "invisible opacity-0",
            )}
          >
            {hint}
          </p>
        </FarmersMapFrame>
      </div>
    </div>
  );
}

/** The viewer's surroundings first; with no farm there yet, the newest farms anywhere. */
async function loadPoints(
  viewerPoint: ViewerPoint | null,
  signal: AbortSignal,
): Promise<MerchantMapPoint[]> {
  const found = await fetchMapPoints(viewerPoint ? bboxAround(viewerPoint) : null, signal);
  return found.length === 0 && viewerPoint ? fetchMapPoints(null, signal) : found;
}

function useStablePoint(point: ViewerPoint | null): ViewerPoint | null {
  const [stable, setStable] = useState(point);
  const same =
    stable === point ||
    (stable !== null &&
      point !== null &&
      stable.latitude === point.latitude &&
      stable.longitude === point.longitude &&
      stable.radiusKm === point.radiusKm);
  if (!same) setStable(point);
  return same ? stable : point;
}

/** The farms as links: the list view, and the whole map on a device without WebGL. */
function FarmersList({
  points,
  unavailable,
}: {
  points: MerchantMapPoint[];
  unavailable: boolean;
}) {
  return (
    <div className="absolute inset-0 overflow-y-auto bg-white p-4 sm:p-6">
      {unavailable ? (
        <p className="mb-3 text-sm text-stone-700">
          The map cannot be shown on this device, so here are the farmers as a list.
        </p>
      ) : null}
      <ul aria-label="Farmers" className="divide-y divide-stone-200">
        {points.map((point) => (
          <li key={point.username} className="py-3">
            <Link
              href={`/stores/${encodeURIComponent(point.username)}`}
              className="text-leaf-800 font-semibold underline-offset-4 hover:underline"
            >
              {point.username}
            </Link>
            {point.introduction ? (
              <p className="mt-1 text-sm text-stone-700">{point.introduction}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
