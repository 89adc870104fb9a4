import "server-only";
import type { CartCounts } from "@/lib/cart/types";
import type { CountryCode } from "@/lib/regions";
import type { LocationAnswer } from "@/server/location/types";
import type { ReviewView } from "@/server/reviews/review-view";
import type { Viewer } from "@/lib/viewer";

/**
 * What `GET /api/viewer` answers: everything the shared page shell shows per viewer (the header's
 * menus and badges, the idle timer, the My Local dialog) and, on a product page, the viewer's own
 * review. Pages stay the same for everyone (cached whole); this one call fills them in.
 * Type-only, so client components import it.
 */
export type ViewerAnswer = {
  /** null for a visitor. */
  viewer: Viewer | null;
  cartCounts: CartCounts;
  /** New messages; a dot marks the Messages icon when above 0. */
  unreadMessages: number;
  /** Counts the menus show beside an entry, by its nav id (an admin's open money issues). */
  menuCounts?: Record<string, number>;
  /** The My Local dialog's mount, or null when the viewer has none (merchants, admins, feature off). */
  myLocal: {
    initial: LocationAnswer | null;
    defaultCountry: CountryCode;
    /** Opens by itself: no location saved and not closed this session. */
    autoOpen: boolean;
  } | null;
  /** With `?product={id}` and a signed-in member: their review of that product, or null. */
  myReview?: ReviewView | null;
  /**
   * With `?product={id}` and the product's own farm signed in: when the product last changed (ISO
   * time), so the farm's page can tell that the copy it was served is older than their own edit
   * (decision 0029). null for everyone else.
   */
  ownProductVersion?: string | null;
};
