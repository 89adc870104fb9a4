# The caching proxy of `docker-compose.yml` (decision 0055): Varnish in front of the balancer.
# It keeps only what the app marks as everyone's page (an `xkey` header naming its tags, with
# `Cache-Control: s-maxage`), serves it stale while it fetches it again, and forgets a page when
# the app purges one of its tags (vmod_xkey, from varnish-modules). The bench runs this file too,
# with its app in place of the backend (bench/http/cache-proxy.ts).
vcl 4.1;

import std;
import xkey;

# compose: HAProxy's frontend for the cache (deploy/haproxy.cfg), which keeps the client's
# address that Varnish appends to X-Forwarded-For.
backend default {
  .host = "proxy";
  .port = "3001";
  .connect_timeout = 5s;
  .first_byte_timeout = 60s;
  # Live messages are server-sent events: a stream stays open while a page is.
  .between_bytes_timeout = 3600s;
}

# Purges come from the app's network only, on the listener named `purge` (never published), and
# carry the shared secret: CACHE_PROXY_PURGE_SECRET in Varnish's environment and the app's.
acl purgers {
  "127.0.0.1";
  "::1";
  "10.0.0.0"/8;
  "172.16.0.0"/12;
  "192.168.0.0"/16;
}

sub vcl_recv {
  # Only Varnish tells the app that an answer may be stored (the app then renders per request).
  unset req.http.X-Cache-Proxy;
  if (req.method == "PURGE") {
    if (local.socket != "purge" || client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (std.getenv("CACHE_PROXY_PURGE_SECRET") !~ "^.{16,}$"
        || req.http.X-Purge-Secret != std.getenv("CACHE_PROXY_PURGE_SECRET")) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey) {
      return (synth(400, "No xkey"));
    }
    set req.http.X-Purged = xkey.purge(req.http.xkey);
    return (synth(200, "Purged " + req.http.X-Purged));
  }
  if (local.socket == "purge") {
    return (synth(404, "Not found"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # A product page as a document (not a client-side navigation's RSC payload), asked by someone
  # not signed in: everyone's page. Anything else goes to the app as it came.
  if (req.url !~ "^/products/[0-9]+/?(\?.*)?$" || req.url ~ "[?&]_rsc=" || req.http.RSC
      || req.http.Next-Router-Prefetch
      || req.http.Authorization || req.http.Cookie ~ "(^|;\s*)(_token|authenticated)=") {
    return (pass);
  }
  # The page is the same for every visitor (what is theirs comes from GET /api/viewer), so their
  # other cookies neither reach the app nor split the cache.
  unset req.http.Cookie;
  return (hash);
}

sub vcl_backend_fetch {
  if (!bereq.uncacheable) {
    set bereq.http.X-Cache-Proxy = "1";
    # Varnish compresses what it keeps (below): the app's core spends nothing on gzip.
    unset bereq.http.Accept-Encoding;
  }
}

sub vcl_backend_response {
  if (bereq.uncacheable) {
    return (deliver);
  }
  # Kept only when the app says so: tags to purge it by, and nothing personal in it.
  if (!beresp.http.xkey || beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "private|no-store"
      || (beresp.status != 200 && beresp.status != 404)) {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  # TTL from s-maxage (Varnish reads it), grace from stale-while-revalidate, both set by the app.
  if (beresp.http.Cache-Control ~ "stale-while-revalidate=[0-9]+") {
    set beresp.grace = std.duration(
      regsub(beresp.http.Cache-Control, ".*stale-while-revalidate=([0-9]+).*", "\1") + "s", 10s);
  }
  if (beresp.http.Content-Type ~ "^text/") {
    set beresp.do_gzip = true;
  }
  return (deliver);
}

sub vcl_deliver {
  # The tags are the proxy's business; browsers keep nothing (max-age=0 from the app).
  unset resp.http.xkey;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "hit";
  } else {
    set resp.http.X-Cache = "miss";
  }
}
