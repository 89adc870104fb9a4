import { PAGE_SIZES } from "@/lib/constants";
import { orderListQuerySchema } from "@/lib/validation/orders";

export type ListSearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * `page` and `keyword` of an order list page's address, checked with the calls' own schema; a bad
 * page number in a hand-edited address shows page 1 rather than an error.
 */
export function readListParams(params: ListSearchParams): { page: number; keyword: string } {
  const parsed = orderListQuerySchema.safeParse({
    page: first(params.page),
    keyword: first(params.keyword),
  });
  if (parsed.success) return { page: parsed.data.page, keyword: parsed.data.keyword };
  const keyword = orderListQuerySchema.shape.keyword.safeParse(first(params.keyword));
  return { page: 1, keyword: keyword.success ? keyword.data : "" };
}

/** The address of one page of a list, keeping the keyword. */
export function listHref(path: string, page: number, keyword: string): string {
  const query = new URLSearchParams();
  if (keyword) query.set("keyword", keyword);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export const pageCountOf = (count: number) => Math.max(1, Math.ceil(count / PAGE_SIZES.orders));
