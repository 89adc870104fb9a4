/**
 * Every rule of the spec in one place: forms (react-hook-form + zodResolver) and route handlers
 * import the same schemas from here. See docs/decisions/0003-validation-money-fees.md.
 */
export * from "./messages";
export * from "./charsets";
export * from "./shared";
export * from "./image";
export * from "./image-schema";
export * from "./field-errors";
export * from "./accounts";
export * from "./location";
export * from "./search";
export * from "./catalog";
export * from "./reviews";
export * from "./review-trust";
export * from "./checkout";
export * from "./messaging";
export * from "./profile";
export * from "./orders";
export * from "./contact";
export * from "./resellers";
