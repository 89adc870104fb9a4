"use client";

import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Map as MapLibreMap } from "maplibre-gl";
import type * as MapLibreKit from "react-map-gl/maplibre";
import type { MapPickupPlace, MerchantMapPoint } from "@/lib/catalog/types";
import { MAP_DEFAULTS } from "@/lib/constants";
import {
  groupLabel,
  groupOverlappingPoints,
  paddedBounds,
  pinFits,
  placesApart,
  type Bbox,
  type MarkerGroup,
  type ScreenPoint,
  type ViewerPoint,
} from "./map-points";
import "./farmers-map.css";

/**
 * The react-map-gl components of one map library. Both entry points (react-map-gl/maplibre and
 * react-map-gl/mapbox) take the props used here with the same meaning; the MapLibre types stand
 * for both.
 */
export type MapKit = {
  Map: typeof MapLibreKit.Map;
  Marker: typeof MapLibreKit.Marker;
  Popup: typeof MapLibreKit.Popup;
  NavigationControl: typeof MapLibreKit.NavigationControl;
};

export type FarmersMapCanvasProps = {
  points: MerchantMapPoint[];
  viewerPoint: ViewerPoint | null;
  /** After the person moved the map: the visible box. */
  onBoundsChange: (bbox: Bbox) => void;
  /** The map could not start (no WebGL): the island shows the list instead. */
  onUnavailable: () => void;
  onGestureBlocked: (kind: "wheel" | "touch") => void;
};

type ViewProps = FarmersMapCanvasProps & {
  kit: MapKit;
  mapStyle: MapKitStyle;
  mapboxAccessToken?: string;
};

type MapKitStyle = React.ComponentProps<MapKit["Map"]>["mapStyle"];

/**
 * The map itself: a pin per farm (a keyboard-reachable button named after the farm; farms whose
 * pins would overlap share a group pin that zooms in on them), a popup with the farm's name
 * linking to its store and its introduction, zoom buttons, and cooperative gestures (Ctrl/⌘ +
 * wheel to zoom, two fingers to pan on touch screens). It opens on the
 * viewer's My Local point, else on the farms' bounds padded by MAP_DEFAULTS.boundsPadding, else
 * on the spec's default centre.
 */
export function FarmersMapView({
  kit,
  mapStyle,
  mapboxAccessToken,
  points,
  viewerPoint,
  onBoundsChange,
  onUnavailable,
  onGestureBlocked,
}: ViewProps) {
  const { Map, Marker, Popup, NavigationControl } = kit;
  const [selected, setSelected] = useState<Selection | null>(null);
  const [map, setMap] = useState<MapInstance | null>(null);
  // Bumped after every move: pins are regrouped for the new view.
  const [viewVersion, setViewVersion] = useState(0);
  const markerElements = useRef(new globalThis.Map<string, HTMLElement>());

  // Where the map opens is decided once, from the first points it is given.
  const [initialViewState] = useState(() => initialView(points, viewerPoint));

  const { groups, places } = useMemo(() => {
    if (!map) return { groups: [], places: [] };
    const { clientWidth: width, clientHeight: height } = map.getContainer();
    // Only pins wholly on show: one cut off by the frame or under a control could not be selected.
    const view = {
      width,
      height,
      pinWidth: PIN_WIDTH_PX,
      pinHeight: PIN_HEIGHT_PX,
      keepClear: [
        { left: width - CONTROLS_WIDTH_PX, top: 0, right: width, bottom: ZOOM_BUTTONS_BOTTOM_PX },
        {
          left: width - CONTROLS_WIDTH_PX,
          top: height - ATTRIBUTION_HEIGHT_PX,
          right: width,
          bottom: height,
        },
      ],
    };
    const project = (p: { latitude: number; longitude: number }) =>
      map.project([p.longitude, p.latitude]);
    const spacing = {
      minDistancePx: PIN_SPACING_PX,
      isShown: (at: ScreenPoint) => pinFits(at, view),
    };
    const groups = groupOverlappingPoints(points, project, spacing);
    const places = placesApart(
      points.flatMap((point) => (point.places ?? []).map((place) => ({ point, place }))),
      groups.map((group) => project(group.lead)),
      ({ place }) => project(place),
      spacing,
    );
    return { groups, places };
    // viewVersion stands for the map's camera, which lives outside React.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, points, viewVersion]);

  const popup = useMemo(() => popupFor(selected, points), [selected, points]);

  // The map as soon as it exists, not at its "load" event, which waits for the first tiles: the
  // pins must not wait for a slow or unreachable tile server.
  const gestureHandler = useRef(onGestureBlocked);
  useEffect(() => {
    gestureHandler.current = onGestureBlocked;
  });
  const attachMap = useCallback((ref: MapLibreKit.MapRef | null) => {
    const instance = ref?.getMap() ?? null;
    setMap(instance);
    instance?.on("cooperativegestureprevented", (e: { gestureType?: string }) => {
      gestureHandler.current(e.gestureType === "touch_pan" ? "touch" : "wheel");
    });
  }, []);

  function register(key: string, element: HTMLElement | null) {
    if (element) markerElements.current.set(key, element);
    else markerElements.current.delete(key);
  }

  function closePopup({ returnFocus }: { returnFocus: boolean }) {
    const key = selected?.key;
    setSelected(null);
    if (returnFocus && key) markerElements.current.get(key)?.focus();
  }

  function openGroup(group: MarkerGroup) {
    const key = groupKey(group);
    if (map && map.getZoom() < GROUP_LIST_ZOOM && spansMoreThanAPoint(group.points)) {
      // Zoom in until the farms stand apart; the pins regroup when the move ends.
      const [west, south, east, north] = paddedBounds(group.points, 0)!;
      map.fitBounds(
        [
          [west, south],
          [east, north],
        ],
        { padding: 64, maxZoom: GROUP_LIST_ZOOM, duration: 400 },
      );
      return;
    }
    // Farms at (nearly) one spot: list them.
    setSelected({ kind: "group", key, usernames: group.points.map((p) => p.username) });
  }

  return (
    <div
      className="farmers-map absolute inset-0"
      onKeyDown={(event) => {
        if (event.key === "Escape" && selected) {
          event.stopPropagation();
          closePopup({ returnFocus: true });
        }
      }}
    >
      <Map
        ref={attachMap}
        initialViewState={initialViewState}
        mapStyle={mapStyle}
        {...(mapboxAccessToken ? { mapboxAccessToken } : {})}
        cooperativeGestures
        dragRotate={false}
        pitchWithRotate={false}
        touchPitch={false}
        attributionControl={{ compact: true }}
        style={{ width: "100%", height: "100%" }}
        onError={(event) => {
          // Tiles that cannot load (offline) are fine: markers and controls still work. Only a map
          // that could not start at all (no WebGL) has no target.
          if (!event.target) onUnavailable();
        }}
        onResize={() => setViewVersion((v) => v + 1)}
        onMoveEnd={(event) => {
          setViewVersion((v) => v + 1);
          const [[west, south], [east, north]] = event.target.getBounds().toArray() as [
            [number, number],
            [number, number],
          ];
          onBoundsChange([west, south, east, north]);
        }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {viewerPoint ? <ViewerMarker Marker={Marker} point={viewerPoint} /> : null}
        {groups.map((group) =>
          group.points.length === 1 ? (
            <PinMarker
              key={farmKey(group.lead)}
              Marker={Marker}
              point={group.lead}
              label={group.lead.username}
              expanded={selected?.key === farmKey(group.lead)}
              register={(element) => register(farmKey(group.lead), element)}
              onSelect={() =>
                setSelected({
                  kind: "farm",
                  key: farmKey(group.lead),
                  username: group.lead.username,
                })
              }
            >
              <FarmPin />
            </PinMarker>
          ) : (
            <PinMarker
              key={groupKey(group)}
              Marker={Marker}
              point={group.lead}
              label={groupLabel(group)}
              expanded={selected?.key === groupKey(group)}
              register={(element) => register(groupKey(group), element)}
              onSelect={() => openGroup(group)}
            >
              <GroupPin count={group.points.length} />
            </PinMarker>
          ),
        )}
        {places.map(({ point, place }) => (
          <PinMarker
            key={placeKey(point, place)}
            Marker={Marker}
            point={place}
            label={`${place.name}, pickup place of ${point.username}`}
            expanded={selected?.key === placeKey(point, place)}
            register={(element) => register(placeKey(point, place), element)}
            onSelect={() =>
              setSelected({
                kind: "place",
                key: placeKey(point, place),
                username: point.username,
                place,
              })
            }
          >
            <FarmPin place />
          </PinMarker>
        ))}
        {popup ? (
          <Popup
            longitude={popup.at.longitude}
            latitude={popup.at.latitude}
            // No fixed anchor: the library puts the popup on the side of the pin that has room,
            // so a pin near an edge never opens it outside the map (issue 24).
            offset={POPUP_OFFSETS}
            maxWidth="18rem"
            closeOnClick
            focusAfterOpen
            onClose={() => closePopup({ returnFocus: false })}
          >
            {popup.placeName ? (
              <p className="pr-5 text-sm font-semibold text-stone-800">
                {popup.placeName}: pickup place of
              </p>
            ) : null}
            <ul className="max-h-60 space-y-3 overflow-y-auto pr-5">
              {popup.points.map((point) => (
                <li key={point.username}>
                  <Link
                    href={`/stores/${encodeURIComponent(point.username)}`}
                    className="text-leaf-800 text-base font-bold underline underline-offset-4"
                  >
                    {point.username}
                  </Link>
                  {point.introduction ? (
                    <p className="mt-1 text-sm leading-snug text-stone-700">{point.introduction}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </Popup>
        ) : null}
      </Map>
    </div>
  );
}

const PIN_WIDTH_PX = 28;
const PIN_HEIGHT = 38;
/** Where the popup's tip sits for each side the library may pick: clear of the pin it belongs to. */
const POPUP_OFFSETS = {
  center: [0, -PIN_HEIGHT / 2],
  top: [0, 4],
  "top-left": [6, 4],
  "top-right": [-6, 4],
  bottom: [0, -PIN_HEIGHT],
  "bottom-left": [6, -PIN_HEIGHT],
  "bottom-right": [-6, -PIN_HEIGHT],
  left: [16, -PIN_HEIGHT / 2],
  right: [-16, -PIN_HEIGHT / 2],
} satisfies Record<string, [number, number]>;
const PIN_HEIGHT_PX = 36;
/** Pins closer than this on screen are drawn as one group pin, so no two pins overlap. */
const PIN_SPACING_PX = 52;
// The zoom buttons (top right) and the attribution button (bottom right), with their margins.
const CONTROLS_WIDTH_PX = 48;
const ZOOM_BUTTONS_BOTTOM_PX = 80;
const ATTRIBUTION_HEIGHT_PX = 40;
/** From this zoom on, a group pin lists its farms instead of zooming further. */
const GROUP_LIST_ZOOM = 15;

// The parts of the map used here, the same in MapLibre and Mapbox GL.
type MapInstance = Pick<MapLibreMap, "project" | "getContainer" | "getZoom" | "fitBounds">;

type Selection =
  | { kind: "farm"; key: string; username: string }
  | { kind: "group"; key: string; usernames: string[] }
  | { kind: "place"; key: string; username: string; place: MapPickupPlace };

const farmKey = (point: MerchantMapPoint) => `farm:${point.username}`;
const groupKey = (group: MarkerGroup) => `group:${group.lead.username}`;
const placeKey = (point: MerchantMapPoint, place: MapPickupPlace) =>
  `place:${point.username}:${place.name}:${place.latitude},${place.longitude}`;

/** The farms the open popup shows and where it stands, or null when they are gone from the data. */
function popupFor(selected: Selection | null, points: readonly MerchantMapPoint[]) {
  if (!selected) return null;
  const wanted = new Set(selected.kind === "group" ? selected.usernames : [selected.username]);
  const shown = points.filter((p) => wanted.has(p.username));
  if (shown.length === 0) return null;
  if (selected.kind === "place")
    return { at: selected.place, points: shown, placeName: selected.place.name };
  return { at: shown[0]!, points: shown, placeName: null };
}

function spansMoreThanAPoint(points: readonly MerchantMapPoint[]): boolean {
  const [west, south, east, north] = paddedBounds(points, 0)!;
  return east - west > 1e-5 || north - south > 1e-5;
}

function initialView(points: readonly MerchantMapPoint[], viewerPoint: ViewerPoint | null) {
  if (viewerPoint) {
    return {
      latitude: viewerPoint.latitude,
      longitude: viewerPoint.longitude,
      zoom: MAP_DEFAULTS.zoom,
    };
  }
  const bounds = paddedBounds(points, MAP_DEFAULTS.boundsPadding);
  if (bounds) {
    const [west, south, east, north] = bounds;
    return {
      bounds: [
        [west, south],
        [east, north],
      ] as [[number, number], [number, number]],
      // Room for a pin's height above its point and for the zoom buttons on the right.
      fitBoundsOptions: { padding: { top: 48, right: 56, bottom: 16, left: 16 } },
    };
  }
  return {
    latitude: MAP_DEFAULTS.center.lat,
    longitude: MAP_DEFAULTS.center.lon,
    zoom: MAP_DEFAULTS.zoom,
  };
}

/**
 * A pin: a farm or a group of farms. The library's marker element is the control: it already
 * carries role=button; this gives it a name, a tab stop, Enter/Space and aria-expanded.
 */
function PinMarker({
  Marker,
  point,
  label,
  expanded,
  register,
  onSelect,
  children,
}: {
  Marker: MapKit["Marker"];
  point: { latitude: number; longitude: number };
  label: string;
  expanded: boolean;
  register: (element: HTMLElement | null) => void;
  onSelect: () => void;
  children: React.ReactNode;
}) {
  const markerRef = useRef<MapLibreKit.MarkerInstance | null>(null);
  const handlers = useRef({ onSelect, register });
  useEffect(() => {
    handlers.current = { onSelect, register };
  });

  useEffect(() => {
    const element = markerRef.current?.getElement();
    if (!element) return;
    element.setAttribute("role", "button");
    element.setAttribute("tabindex", "0");
    element.classList.add("farm-marker");
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      handlers.current.onSelect();
    };
    element.addEventListener("keydown", onKeyDown);
    handlers.current.register(element);
    return () => {
      element.removeEventListener("keydown", onKeyDown);
      handlers.current.register(null);
    };
  }, []);

  useEffect(() => {
    const element = markerRef.current?.getElement();
    element?.setAttribute("aria-label", label);
    element?.setAttribute("aria-expanded", String(expanded));
  }, [label, expanded]);

  return (
    <Marker
      ref={markerRef}
      longitude={point.longitude}
      latitude={point.latitude}
      anchor="bottom"
      onClick={(event) => {
        // Keeps the map's own click (which closes popups) from closing the one this opens.
        event.originalEvent.stopPropagation();
        onSelect();
      }}
    >
      {children}
    </Marker>
  );
}

function GroupPin({ count }: { count: number }) {
  return (
    <span aria-hidden className="relative block h-9 w-7">
      <FarmPin />
      <span className="bg-earth-50 text-leaf-900 border-leaf-700 absolute -top-2 -right-3 flex h-6 min-w-6 items-center justify-center rounded-full border-2 px-1 text-xs font-bold">
        {count}
      </span>
    </span>
  );
}

/** A farm's pin; a pickup place of a farm (a market stall) in the earth colour. */
function FarmPin({ place = false }: { place?: boolean }) {
  return (
    <svg aria-hidden viewBox="0 0 24 32" className="block h-9 w-7 drop-shadow-sm">
      <path
        d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0Z"
        className={place ? "fill-earth-700 stroke-white" : "fill-leaf-700 stroke-white"}
        strokeWidth="1.5"
      />
      <circle cx="12" cy="12" r="4.5" className="fill-white" />
    </svg>
  );
}

/** The viewer's My Local point: a picture, not a control (the library would make it a button). */
function ViewerMarker({ Marker, point }: { Marker: MapKit["Marker"]; point: ViewerPoint }) {
  const markerRef = useRef<MapLibreKit.MarkerInstance | null>(null);
  useEffect(() => {
    const element = markerRef.current?.getElement();
    element?.setAttribute("role", "img");
    element?.setAttribute("aria-label", "Your My Local location");
  }, []);
  return (
    <Marker ref={markerRef} longitude={point.longitude} latitude={point.latitude} anchor="center">
      <span
        aria-hidden
        className="block size-4 rounded-full border-2 border-white bg-sky-600 shadow"
      />
    </Marker>
  );
}
