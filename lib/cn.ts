import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names and lets a later Tailwind utility win over an earlier one of the same kind
 * (`cn("px-4", "px-6")` is "px-6"). For components whose callers override styles.
 *
 * tailwind-merge is about 9 kB gzipped in the browser, so client components on every page (the
 * shell, buttons) import `clsx` directly instead and never pass two utilities for one property.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
