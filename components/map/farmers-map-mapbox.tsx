"use client";

import "mapbox-gl/dist/mapbox-gl.css";
import { Map, Marker, NavigationControl, Popup } from "react-map-gl/mapbox";
import { FarmersMapView, type FarmersMapCanvasProps, type MapKit } from "./farmers-map-view";

// react-map-gl's Mapbox components take the same props as the MapLibre ones used by the view.
const KIT = { Map, Marker, Popup, NavigationControl } as unknown as MapKit;

/** The farmers map on Mapbox: loaded instead of MapLibre only when NEXT_PUBLIC_MAPBOX_TOKEN is set. */
export function FarmersMapCanvas(props: FarmersMapCanvasProps) {
  return (
    <FarmersMapView
      kit={KIT}
      mapStyle="mapbox://styles/mapbox/outdoors-v12"
      mapboxAccessToken={process.env.NEXT_PUBLIC_MAPBOX_TOKEN}
      {...props}
    />
  );
}
