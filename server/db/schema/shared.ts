import { pgEnum } from "drizzle-orm/pg-core";
import { DELIVERY_METHODS } from "@/lib/constants";
import { CURRENCIES } from "@/lib/money";

/** A product is priced in its merchant's currency; one checkout holds one currency. */
export const currencyEnum = pgEnum("currency", CURRENCIES);

/** Only Canada and the United States are served. */
export const countryEnum = pgEnum("country", ["CA", "US"]);

/** free_delivery ships to the customer's home; in_store is picked up at the farm. */
export const deliveryServiceEnum = pgEnum("delivery_service", DELIVERY_METHODS);
