/** The wire shapes of the reseller calls (spec part 2 sections 3 and 7), shared by services and pages. */

/** The marketplace keeps Ontario time: the transaction filter's dates are read, and shown, in it. */
export const MARKETPLACE_TIME_ZONE = "America/Toronto";

/** A reseller as GET /api/resellers lists it; `rate` is a decimal with 2 places ("5.00"). */
export type Reseller = {
  identifier: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  rate: string;
};

export type ResellerList = { resellers: Reseller[]; totalNum: number };

export type ResellerPayStatus = "pending" | "paid";

/** A row of GET /api/resellerUserListingTrans, with the spec's field names (sic: lower-case f, l). */
export type ResellerTransaction = {
  id: number;
  resellerfirstName: string;
  resellerlastName: string;
  resellerEmail: string;
  farmerUsername: string;
  productName: string;
  rate: string;
  /** ISO 8601, UTC. */
  timeStamp: string;
  payStatus: ResellerPayStatus;
};

export type ResellerTransactionList = {
  transactions: { data: ResellerTransaction[] };
  transTotalNum: number;
};

/** The registration link a reseller hands to farmers. */
export function resellerRegistrationLink(appUrl: string, identifier: string): string {
  return new URL(`/merchants/register?ak=${identifier}`, appUrl).toString();
}

const TIME_STAMP_FORMAT = new Intl.DateTimeFormat("en-GB", {
  timeZone: MARKETPLACE_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * "dd/mm/yyyy, hh:mm:ss" in the marketplace's time zone: the filter's own format, so a time stamp
 * read off the table can be typed into the filter as it is. Fixed zone: server and browser agree.
 */
export function formatTimeStamp(iso: string): string {
  return TIME_STAMP_FORMAT.format(new Date(iso));
}
