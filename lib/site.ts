/** The product's name and one-line promise, used by the header, metadata and legal pages. */
export const SITE_NAME = "Local Produce Marketplace";
export const SITE_SHORT_NAME = "Local Produce";
export const SITE_DESCRIPTION =
  "Fresh fruit, vegetables and more, sold by the farmers and gardeners near you. Pick up at the farm or get it delivered, and pay by card or in person.";
