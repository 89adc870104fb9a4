import { pgEnum } from "drizzle-orm/pg-core";

/** A product is priced in its merchant's currency; one checkout holds one currency. */
export const currencyEnum = pgEnum("currency", ["CAD", "USD"]);

/** Only Canada and the United States are served. */
export const countryEnum = pgEnum("country", ["CA", "US"]);

/** free_delivery ships to the customer's home; in_store is picked up at the farm. */
export const deliveryServiceEnum = pgEnum("delivery_service", ["free_delivery", "in_store"]);
