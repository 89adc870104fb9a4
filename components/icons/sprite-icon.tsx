/*
 * The per-use half of the icon sprite (./icon-sprite.tsx holds the symbols, rendered once in the
 * root layout). Kept apart so that client components showing cards bundle this small element and
 * none of the path data.
 */

/** The icons the sprite draws. */
export type IconName =
  "map-pin" | "truck" | "store" | "shopping-basket" | "stars" | "message-circle";

/** The element id of an icon's symbol. */
export function iconId(name: IconName): string {
  return `icon-${name}`;
}

/**
 * One use of a sprite icon. Always decorative (aria-hidden): what it means is said in text beside
 * it or in the accessible name of what holds it. Size and colour come from `className`
 * (`size-4 text-leaf-700`); the symbol paints with currentColor.
 */
export function SpriteIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`#${iconId(name)}`} />
    </svg>
  );
}
