// Every table, enum and relation: `db.query.<table>` and drizzle-kit read this module.
// Schema files skip `import "server-only"`: drizzle-kit and the CLIs load them in plain Node, where
// that marker throws. They describe table shapes only, no secrets and no I/O.
// Descending index keys say `.desc().nullsFirst()`: drizzle-kit writes a bare `.desc()` as
// DESC NULLS LAST, which a plain `ORDER BY x DESC` (nulls first) cannot read in order.
export * from "./shared";
export * from "./members";
export * from "./subscriptions";
export * from "./catalog";
export * from "./review-trust";
export * from "./catalog-search";
export * from "./cart";
export * from "./orders";
export * from "./messaging";
export * from "./resellers";
export * from "./security";
export * from "./notifications";
export * from "./payments";
export * from "./mail";
export * from "./contact";
export * from "./admin";
export * from "./demand";
export * from "./pickup";
