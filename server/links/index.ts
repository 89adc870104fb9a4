import "server-only";

// What other domains may use: short links to this site's own pages.
export {
  createShortLink,
  createShortLinks,
  shortLinkUrl,
  type ShortLink,
} from "./create-short-link";
export { getOriginalUrl } from "./get-original-url";
