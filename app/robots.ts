import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { absoluteUrl } from "@/server/seo";

/**
 * Private and transactional pages crawlers should skip: the API, sign-in and account pages,
 * cart and checkout, orders, messages, admin managers, one-time links and the product editors.
 */
const DISALLOW = [
  "/api/",
  "/login",
  "/forgotPassword",
  "/resetPassword/",
  "/profile",
  "/settings",
  "/cart",
  "/dreamtracker",
  "/messages",
  "/checkout/",
  "/subscription/",
  "/orders/",
  "/customerOrders/",
  "/myOrders/",
  "/memberManager",
  "/orderManager",
  "/resellerManager",
  "/resellerTransactions",
  "/external/",
  "/securities/",
  "/unsubscribe/",
  "/shortLink/",
  "/dev/",
  "/products/*/edit",
  "/stores/*/products/",
  "/stores/*/deleted",
  // The shared copies of the catalog pages: served at the pages' own addresses (decision 0028).
  "/shared-pages/",
];

// GET /robots.txt
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection(); // the running server's APP_URL, not the build's
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: DISALLOW }],
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
