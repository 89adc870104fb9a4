/*
 * The farm app's service worker (decision 0054). Registered only for a signed-in farm
 * (components/farm-app); a sign-out deletes its caches and unregisters it.
 *
 * - The shell (Next's content-hashed /_next/static files, the icons) is cache-first: a hashed file
 *   never changes, so a cached copy is never stale.
 * - Every page and every API call goes to the network first. Only the farm's own recent orders
 *   (Customer Orders, its first page, and GET /api/orders/received/view's first page) and the
 *   scanner page are kept, for reading offline; every other page offline shows /offline. Product
 *   and store pages are never kept, so a price or stock is never served from here.
 * - POST and other writes are never touched: the scanner queues its own confirmations.
 */
const VERSION = "v1";
const SHELL_CACHE = `farm-shell-${VERSION}`;
const PAGES_CACHE = `farm-pages-${VERSION}`;
const OFFLINE_URL = "/offline";
const PRECACHE = [OFFLINE_URL, "/icons/icon-192.png", "/favicon.svg"];
/** Pages kept for reading offline: the farm's recent orders and the scanner. */
const KEPT_PAGES = new Set(["/customerOrders/manage", "/customerOrders/scan"]);
/** The one personal API answer kept: the farm's recent orders. */
const KEPT_API = new Set(["/api/orders/received/view"]);
const QUEUE_SYNC_TAG = "handover-queue";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith("farm-") && key !== SHELL_CACHE && key !== PAGES_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Only the first page, without a search: "recent", and one copy per page. */
function isRecentList(url) {
  const params = [...url.searchParams.keys()].filter((key) => key !== "page" && key !== "_rsc");
  const page = url.searchParams.get("page");
  return params.length === 0 && (page === null || page === "1");
}

function isShell(url) {
  return (
    url.pathname.startsWith("/_next/static/") ||
    url.pathname.startsWith("/icons/") ||
    url.pathname === "/favicon.svg"
  );
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

/** The network's answer; a kept copy or the offline page only when the network does not answer. */
async function networkFirst(request, keep) {
  try {
    const response = await fetch(request);
    if (keep && response.ok && !response.redirected) {
      const cache = await caches.open(PAGES_CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const kept = keep ? await caches.match(request, { cacheName: PAGES_CACHE }) : undefined;
    if (kept) return kept;
    if (request.mode === "navigate") {
      const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL_CACHE });
      if (offline) return offline;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isShell(url)) {
    event.respondWith(cacheFirst(request));
    return;
  }
  // Next's client navigations (RSC payloads) go to the network only; offline, Next falls back to
  // a full page load, which the navigate branch below answers.
  if (request.headers.get("RSC") === "1") return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, KEPT_PAGES.has(url.pathname) && isRecentList(url)));
    return;
  }
  if (KEPT_API.has(url.pathname) && isRecentList(url)) {
    event.respondWith(networkFirst(request, true));
  }
  // Everything else is not answered here: the browser asks the network as if there were no worker.
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "clear-farm-app") {
    event.waitUntil(
      caches
        .keys()
        .then((keys) =>
          Promise.all(
            keys.filter((key) => key.startsWith("farm-")).map((key) => caches.delete(key)),
          ),
        ),
    );
  }
});

// Background Sync: the network is back. An open app window sends the queue (it holds the lock and
// shows the outcome); with none open, the next open sends it.
self.addEventListener("sync", (event) => {
  if (event.tag !== QUEUE_SYNC_TAG) return;
  event.waitUntil(
    self.clients
      .matchAll({ type: "window" })
      .then((windows) =>
        windows.forEach((client) => client.postMessage({ type: "flush-handovers" })),
      ),
  );
});
