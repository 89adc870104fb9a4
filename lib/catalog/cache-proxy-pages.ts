/**
 * The pages a caching proxy in front may keep (decision 0055), for next.config.ts (relative
 * imports only). The proxy (deploy/varnish/default.vcl) marks a request it may store with
 * `X-Cache-Proxy: 1`, and takes that header off any client's request: such a request for a
 * product page goes to its per-request route, and the answer says how long the proxy may keep
 * it and by which tag the app purges it (server/catalog/purge-cache-proxy.ts).
 */
const FROM_THE_PROXY = [{ type: "header" as const, key: "x-cache-proxy", value: "1" }];
const PRODUCT_PAGE = "/products/:productId(\\d+)";

/**
 * A day in the proxy (an edit purges it at once), then a stale copy served while the proxy
 * fetches it again for 5 more minutes; nothing in the browser (max-age=0), whose next visit asks
 * the proxy again.
 */
const CACHE_PROXY_CACHE_CONTROL = "public, max-age=0, s-maxage=86400, stale-while-revalidate=300";

export function cacheProxyRewrites() {
  return [
    {
      source: PRODUCT_PAGE,
      has: FROM_THE_PROXY,
      destination: "/proxied-pages/products/:productId",
    },
  ];
}

export function cacheProxyHeaders() {
  return [
    {
      source: PRODUCT_PAGE,
      has: FROM_THE_PROXY,
      headers: [
        { key: "Cache-Control", value: CACHE_PROXY_CACHE_CONTROL },
        // The tag the app expires for this product (CACHE_TAGS.product); a store's change and a
        // review purge it too (server/catalog/purge-cache-proxy.ts).
        { key: "xkey", value: "product::productId" },
      ],
    },
  ];
}
