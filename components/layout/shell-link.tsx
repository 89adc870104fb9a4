"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

/**
 * A link of the shell (header, footer, logo) that fetches its page ahead when a person reaches for
 * it (pointer over it, focus, a finger down), not when it scrolls into view. Next prefetches every
 * visible link on load: the shell's 14 destinations cost each page view about 30 requests to the
 * server and their parsing on the phone, beside the page's own hydration (decision 0036).
 */
export function ShellLink({
  href,
  onMouseEnter,
  onFocus,
  onTouchStart,
  ...props
}: Omit<ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string }) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        prefetch();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        prefetch();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        prefetch();
        onTouchStart?.(event);
      }}
    />
  );
}
