"use client";

import "maplibre-gl/dist/maplibre-gl.css";
import {
  Map,
  Marker,
  NavigationControl,
  Popup,
  type StyleSpecification,
} from "react-map-gl/maplibre";
import { FarmersMapView, type FarmersMapCanvasProps } from "./farmers-map-view";

/**
 * The style lives here rather than behind a style URL, so the map starts with no network at all:
 * a plain background with OpenStreetMap raster tiles on top. When the tiles cannot load (offline,
 * blocked) the background, the pins, the popups and the controls still work.
 */
const OFFLINE_FIRST_STYLE: StyleSpecification = {
  version: 8,
  sources: {
    osm: {
      type: "raster",
      tiles: ["https://tile.openstreetmap.org/{z}/{x}/{y}.png"],
      tileSize: 256,
      maxzoom: 19,
      attribution:
        '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    },
  },
  layers: [
    { id: "background", type: "background", paint: { "background-color": "#e8eee0" } },
    { id: "osm", type: "raster", source: "osm" },
  ],
};

const KIT = { Map, Marker, Popup, NavigationControl };

/** The farmers map on MapLibre (the default; no token needed). */
export function FarmersMapCanvas(props: FarmersMapCanvasProps) {
  return <FarmersMapView kit={KIT} mapStyle={OFFLINE_FIRST_STYLE} {...props} />;
}
