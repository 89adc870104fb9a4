import { productAddSchema, productUpdateSchema } from "@/lib/validation/catalog";
import { getOriginalSchema } from "@/lib/validation/links";
import { reviewListQuerySchema, reviewSchema } from "@/lib/validation/reviews";
import { merchantSearchSchema, productSearchSchema } from "@/lib/validation/search";
import { storeProductsQuerySchema } from "@/server/catalog/list-store-products";
import { PRODUCT_IMAGE_FIELD } from "@/server/catalog/product-columns";
import type { Operation } from "../types";
import { created, json, MEMBER, MERCHANT, PUBLIC, text, upload } from "./shared";

const productForm = (schema: typeof productAddSchema | typeof productUpdateSchema) =>
  upload(schema, [PRODUCT_IMAGE_FIELD]);

/** Products, farmers, stores, reviews and short links. */
export const CATALOG_OPERATIONS: readonly Operation[] = [
  {
    method: "GET",
    path: "/api/products/filtered",
    summary: "Search and sort products (12 a page); My Local narrows and orders them",
    access: PUBLIC,
    query: [productSearchSchema, { cursor: text().optional() }],
  },
  {
    method: "GET",
    path: "/api/merchants/list",
    summary: "Farmers by username, email or address (10 a page), nearest first with My Local",
    access: PUBLIC,
    query: [merchantSearchSchema, { cursor: text().optional() }],
  },
  {
    method: "GET",
    path: "/api/merchants/mapPoints",
    summary: "The farmers map's points, optionally inside bbox=minLon,minLat,maxLon,maxLat",
    access: PUBLIC,
    // parseBbox reads it: four decimals in range with min below max.
    query: [{ bbox: text().optional() }],
  },
  {
    method: "GET",
    path: "/api/stores/{username}/products",
    summary: "One page of a store's product cards (the deleted view: its owner only)",
    access: PUBLIC,
    pathParams: { username: text() },
    query: [storeProductsQuerySchema],
  },
  {
    method: "GET",
    path: "/api/products/getTotal/byUser",
    summary: "The merchant's products that count toward the plan limit",
    access: MERCHANT,
  },
  {
    method: "POST",
    path: "/api/products/add",
    summary: "A merchant lists a new product (image required, 8 MB); other members get 403",
    // route({}) and a merchant check in the handler before the body is read (a 403, not a 401).
    access: MEMBER,
    body: productForm(productAddSchema),
    responses: created("The product was listed"),
  },
  {
    method: "POST",
    path: "/api/products/update",
    summary: "The owner saves the edit form (a new image is optional)",
    access: MERCHANT,
    body: productForm(productUpdateSchema),
  },
  {
    method: "GET",
    path: "/api/products/{productId}/byUser",
    summary: "The owner loads a product into the edit form (another merchant's: 404)",
    access: MERCHANT,
    pathParams: { productId: text() },
  },
  {
    method: "POST",
    path: "/api/products/{productId}/delete",
    summary: "The owner soft-deletes an active product",
    access: MERCHANT,
    pathParams: { productId: text() },
  },
  {
    method: "POST",
    path: "/api/products/{productId}/activate",
    summary: "The owner lists a deleted product again",
    access: MERCHANT,
    pathParams: { productId: text() },
  },
  {
    method: "POST",
    path: "/api/products/{productId}/remove",
    summary: "The owner removes a product for good",
    access: MERCHANT,
    pathParams: { productId: text() },
  },
  {
    method: "GET",
    path: "/api/products/{productId}/reviews",
    summary: "A page of reviews (5, newest first) and the viewer's own review",
    access: PUBLIC,
    pathParams: { productId: text() },
    query: [reviewListQuerySchema],
  },
  {
    method: "POST",
    path: "/api/reviews",
    summary: "A member writes a review of a product, or updates their own",
    access: MEMBER,
    body: json(reviewSchema),
    responses: [
      { status: 201, description: "The review was added", mediaType: "application/json" },
      { status: 200, description: "The review was updated", mediaType: "application/json" },
    ],
  },
  {
    method: "DELETE",
    path: "/api/reviews/{reviewId}",
    summary: "The author deletes their review",
    access: MEMBER,
    pathParams: { reviewId: text() },
  },
  {
    method: "POST",
    path: "/api/links/getOriginal",
    summary: "The address a short link stands for (empty for an unknown code)",
    access: PUBLIC,
    body: json(getOriginalSchema),
  },
];
