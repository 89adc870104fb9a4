/** The filter of the reseller transactions page, as typed (dates still "dd/mm/yyyy, hh:mm:ss"). */
export type FilterValues = { resellerKeyword: string; dateFrom: string; dateTo: string };

const FIELDS = ["resellerKeyword", "dateFrom", "dateTo"] as const;

/** The address of a page of the transaction list with these filters (empty ones left out). */
export function transactionsHref(path: string, values: FilterValues, page = 1): string {
  const query = new URLSearchParams();
  for (const field of FIELDS) if (values[field].trim()) query.set(field, values[field].trim());
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
