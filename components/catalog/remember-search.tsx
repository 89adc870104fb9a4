"use client";

import { useEffect } from "react";
import { COOKIE_NAMES, type SortType } from "@/lib/constants";

/** How long the last search is remembered. */
const REMEMBER_SECONDS = 30 * 24 * 60 * 60;

function setCookie(name: string, value: string) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${REMEMBER_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * Keeps the `keyword` and `sortType` cookies (spec part 1 section 3) at the search being shown, so
 * the next visit to /products/filtered without a query opens the same search. Renders nothing.
 */
export function RememberSearch({ keyword, sortType }: { keyword: string; sortType: SortType }) {
  useEffect(() => {
    setCookie(COOKIE_NAMES.keyword, keyword);
    setCookie(COOKIE_NAMES.sortType, sortType);
  }, [keyword, sortType]);
  return null;
}
