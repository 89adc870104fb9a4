import type { MetadataRoute } from "next";
import { SITE_NAME } from "@/lib/site";

/** The farm app's start page, also its id: what an installed app opens on. */
export const FARM_APP_START_URL = "/customerOrders/manage";

const icon = (src: string, size: number, purpose: "any" | "maskable") => ({
  src,
  sizes: `${size}x${size}`,
  type: "image/png",
  purpose,
});

// /manifest.webmanifest: the installable farm app (issue 45 item 3, decision 0054). Next links it
// from every page; only a signed-in farm gets the service worker that makes it installable.
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: FARM_APP_START_URL,
    name: `${SITE_NAME} for farms`,
    short_name: "Farm orders",
    description: "Your farm's pickups, customer orders and messages, and the handover scanner.",
    start_url: FARM_APP_START_URL,
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: "#2f6b3c",
    categories: ["food", "shopping", "business"],
    icons: [
      icon("/icons/icon-192.png", 192, "any"),
      icon("/icons/icon-512.png", 512, "any"),
      icon("/icons/maskable-192.png", 192, "maskable"),
      icon("/icons/maskable-512.png", 512, "maskable"),
    ],
    shortcuts: [
      { name: "Pickups", url: "/pickups", icons: [icon("/icons/icon-96.png", 96, "any")] },
      {
        name: "Customer Orders",
        url: "/customerOrders/manage",
        icons: [icon("/icons/icon-96.png", 96, "any")],
      },
      {
        name: "Scan a customer's code",
        short_name: "Scan",
        url: "/customerOrders/scan",
        icons: [icon("/icons/icon-96.png", 96, "any")],
      },
      { name: "Messages", url: "/messages", icons: [icon("/icons/icon-96.png", 96, "any")] },
    ],
  };
}
