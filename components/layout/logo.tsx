import { clsx as cx } from "clsx";
import { ShellLink } from "./shell-link";
import { SITE_NAME } from "@/lib/site";

/** The sprout mark, 36 px unless `className` sizes it. Decorative: the link around it carries the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cx("shrink-0", className ?? "size-9")}
    >
      <rect width="32" height="32" rx="9" fill="#2f6b3c" />
      <path d="M9.5 24.5h13" stroke="#e9d5b0" strokeWidth="2" strokeLinecap="round" />
      <path d="M16 24V15.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M16 16.5c0-4.6-2.9-7.6-7.8-7.6 0 4.6 2.9 7.6 7.8 7.6Z" fill="#b6d9b0" />
      <path d="M16 14.2c0-4.3 2.8-7.2 7.6-7.2 0 4.3-2.8 7.2-7.6 7.2Z" fill="#fff" />
    </svg>
  );
}

/** Brand link to the dashboard: the mark plus a two-line wordmark. */
export function Logo({
  tone = "dark",
  className,
}: {
  tone?: "dark" | "light";
  className?: string;
}) {
  return (
    <ShellLink
      href="/"
      className={cx("group inline-flex items-center gap-2.5 rounded-lg", className)}
      aria-label={`${SITE_NAME} home`}
    >
      <LogoMark />
      <span className="flex flex-col leading-none" aria-hidden="true">
        <span
          className={cx(
            "text-[1.0625rem] font-extrabold tracking-tight",
            tone === "dark" ? "text-stone-900" : "text-earth-50",
          )}
        >
          Local Produce
        </span>
        <span
          className={cx(
            "mt-1 text-[0.6875rem] font-semibold tracking-[0.16em] uppercase",
            tone === "dark" ? "text-leaf-700" : "text-leaf-200",
          )}
        >
          Marketplace
        </span>
      </span>
    </ShellLink>
  );
}
