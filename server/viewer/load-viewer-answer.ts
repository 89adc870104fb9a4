import "server-only";
import { sql } from "drizzle-orm";
import { isFeatureOn } from "@/lib/features";
import { defaultCountry } from "@/lib/input-format";
import { MY_LOCAL_DISMISSED_COOKIE } from "@/lib/location/my-local-paths";
import { readSessionCredential, resolveSessionTokenWith } from "@/server/auth/session";
import { countCartItems, VisitorCookies } from "@/server/cart";
import { memberItemCountSql } from "@/server/cart/count-cart-items";
import { getDb } from "@/server/db/client";
import {
  localLocations,
  members,
  moneyIssues,
  products,
  reviewReplies,
  reviewReports,
  reviews,
} from "@/server/db/schema";
import { unreadConversationCountSql } from "@/server/messaging/count-unread";
import { readLocationCookies } from "@/server/location/location-cookies";
import { toLocationAnswer, type ViewerLocation } from "@/server/location/types";
import { toReviewView } from "@/server/reviews/review-view";
import { isRowId } from "@/lib/row-id";
import { readClientInfo } from "@/server/security";
import type { ViewerAnswer } from "./viewer-answer";
import { parseCookieHeader } from "@/server/base/cookie-header";

// The outer row's id, qualified: inside a select from one table Drizzle writes bare column names.
const MEMBER_ID = sql`${members}.id`;

type LocationRow = Omit<ViewerLocation, "latitude" | "longitude"> & {
  latitude: number | null;
  longitude: number | null;
};
type ReviewRow = {
  id: number;
  score: number;
  content: string;
  createdAt: string;
  avatarImage: string | null;
  verifiedBuyer: boolean;
  hiddenAt: string | null;
  reply: { content: string; createdAt: string; updatedAt: string; farm: string } | null;
};

/**
 * The answer of `GET /api/viewer` for a request: at most ONE statement. A member's session, both
 * badge counts, their My Local setting and (with a product id) their review of it and, for its
 * farm, when the product last changed are read together, as scalar subqueries on the member's
 * row; a visitor costs no statement at all (the counts, the location and the dialog's state are
 * in cookies).
 */
export async function loadViewerAnswer(
  req: Request,
  productId: number | null,
): Promise<ViewerAnswer> {
  const cookieList = parseCookieHeader(req.headers.get("cookie"));
  const cookieStore = { get: (name: string) => cookieList.find((c) => c.name === name) };
  const dismissed = cookieStore.get(MY_LOCAL_DISMISSED_COOKIE)?.value === "1";
  const myLocalOn = isFeatureOn("myLocal");
  const country = defaultCountry(readClientInfo(req.headers).place.country);

  const credential = readSessionCredential(req);
  const session = credential
    ? await resolveSessionTokenWith(credential.token, {
        cart: memberItemCountSql("cart", MEMBER_ID),
        dreamtracker: memberItemCountSql("dreamtracker", MEMBER_ID),
        unread: isFeatureOn("messaging") ? unreadConversationCountSql(MEMBER_ID) : sql<number>`0`,
        // The open money issues an admin's menu counts (decision 0037), from its partial index;
        // answered to admins only (below).
        moneyIssues: sql<number>`(select count(*)::int from ${moneyIssues} where ${moneyIssues.status} = 'open')`,
        // Reviews and replies waiting for a moderator (issue 44): distinct items with open reports.
        reportedReviews: sql<number>`(select count(distinct (${reviewReports.reviewId}, coalesce(${reviewReports.replyId}, 0)))::int from ${reviewReports} where ${reviewReports.resolvedAt} is null)`,
        location: sql<LocationRow | null>`(
          select json_build_object(
            'latitude', l.latitude, 'longitude', l.longitude, 'radiusKm', l.radius_km,
            'address', l.address, 'city', l.city, 'provinceState', l.province_state,
            'postalCode', l.postal_code, 'country', l.country)
          from ${localLocations} as l where l.member_id = ${MEMBER_ID} limit 1)`,
        review:
          productId !== null && isRowId(productId)
            ? sql<ReviewRow | null>`(
                select json_build_object('id', r.id, 'score', r.score, 'content', r.content,
                  'createdAt', r.created_at, 'avatarImage', ${members}.avatar_image,
                  'verifiedBuyer', r.verified_buyer, 'hiddenAt', r.hidden_at,
                  'reply', (select json_build_object('content', rr.content,
                      'createdAt', rr.created_at, 'updatedAt', rr.updated_at, 'farm', f.username)
                    from ${reviewReplies} as rr
                    join ${products} as rp on rp.id = r.product_id
                    join ${members} as f on f.id = rp.merchant_id
                    where rr.review_id = r.id and rr.hidden_at is null))
                from ${reviews} as r where r.member_id = ${MEMBER_ID} and r.product_id = ${productId}
                limit 1)`
            : sql<ReviewRow | null>`null::json`,
        ownProductVersion:
          productId !== null && isRowId(productId)
            ? // In whole milliseconds, as the page's copy carries it (a JavaScript Date).
              sql<number | null>`(
                select floor(extract(epoch from p.updated_at) * 1000)::float8 from ${products} as p
                where p.id = ${productId} and p.merchant_id = ${MEMBER_ID})`
            : sql<number | null>`null::float8`,
      })
    : null;

  if (!session) {
    const visitor = VisitorCookies.fromEntries(cookieList);
    const cartCounts = await countCartItems(await getDb(), { visitor });
    const location = myLocalOn ? readLocationCookies(cookieStore) : null;
    return {
      viewer: null,
      cartCounts,
      unreadMessages: 0,
      myLocal: myLocalOn
        ? {
            initial: location ? toLocationAnswer(location) : null,
            defaultCountry: country,
            autoOpen: !location && !dismissed,
          }
        : null,
      ...(productId !== null ? { myReview: null, ownProductVersion: null } : {}),
    };
  }

  const { member, extras } = session;
  const location = toLocation(extras.location);
  const review = extras.review;
  return {
    viewer: { role: member.memberType, username: member.username, firstName: member.firstName },
    cartCounts: { cart: Number(extras.cart ?? 0), dreamtracker: Number(extras.dreamtracker ?? 0) },
    // Conversations holding messages the member has not opened, from the kept counters.
    unreadMessages: Number(extras.unread ?? 0),
    ...(member.memberType === "admin"
      ? {
          menuCounts: {
            "admin-money": Number(extras.moneyIssues ?? 0),
            "admin-reviews": Number(extras.reportedReviews ?? 0),
          },
        }
      : {}),
    myLocal:
      myLocalOn && member.memberType === "customer"
        ? {
            initial: location ? toLocationAnswer(location) : null,
            defaultCountry: country,
            autoOpen: !location && !dismissed,
          }
        : null,
    ...(productId !== null
      ? {
          myReview: review
            ? toReviewView(
                {
                  id: review.id,
                  memberId: member.id,
                  score: review.score,
                  content: review.content,
                  createdAt: new Date(review.createdAt),
                  username: member.username,
                  avatarImage: review.avatarImage,
                  verifiedBuyer: review.verifiedBuyer,
                  hiddenAt: review.hiddenAt ? new Date(review.hiddenAt) : null,
                  replyContent: review.reply?.content ?? null,
                  replyCreatedAt: review.reply ? new Date(review.reply.createdAt) : null,
                  replyUpdatedAt: review.reply ? new Date(review.reply.updatedAt) : null,
                  farmName: review.reply?.farm ?? null,
                },
                member.id,
              )
            : null,
          ownProductVersion:
            extras.ownProductVersion === null
              ? null
              : new Date(Number(extras.ownProductVersion)).toISOString(),
        }
      : {}),
  };
}

/** As `getViewerLocation` reads it: a row without a point orders nothing, so it counts as none. */
function toLocation(row: LocationRow | null): ViewerLocation | null {
  if (!row || row.latitude === null || row.longitude === null) return null;
  return {
    ...row,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    radiusKm: Number(row.radiusKm),
  };
}
