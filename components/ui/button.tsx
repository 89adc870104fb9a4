import Link from "next/link";
import type { ComponentProps } from "react";
import { clsx as cx } from "clsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "inverse";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-leaf-700 text-white shadow-sm hover:bg-leaf-800 active:bg-leaf-900",
  secondary:
    "border border-stone-300 bg-white text-stone-800 shadow-sm hover:border-leaf-600 hover:text-leaf-800",
  ghost: "text-stone-700 hover:bg-leaf-50 hover:text-leaf-800",
  inverse: "bg-earth-50 text-leaf-900 shadow-sm hover:bg-white focus-visible:outline-earth-50",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-9 gap-1.5 px-3 text-sm",
  md: "h-11 gap-2 px-5 text-[0.9375rem]",
  lg: "h-12 gap-2 px-6 text-base",
};

/**
 * The classes of a button, for elements that must look like one (links, Radix triggers).
 * `className` adds to them (width, margins); change the look through `variant` and `size`, as the
 * classes are joined without conflict resolution to keep tailwind-merge out of every page.
 */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cx(
    "inline-flex shrink-0 items-center justify-center rounded-full font-semibold whitespace-nowrap transition-colors",
    "disabled:pointer-events-none disabled:opacity-55 [&_svg]:size-[1.125em] [&_svg]:shrink-0",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

type StyleProps = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & StyleProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

/** A link styled as a button, for calls to action that navigate. */
export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: ComponentProps<typeof Link> & StyleProps) {
  return <Link className={buttonClasses({ variant, size, className })} {...props} />;
}
