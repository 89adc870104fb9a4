import { SpriteIcon } from "@/components/icons/sprite-icon";

/** "Rated 4.5 out of 5" (one decimal), or "Not rated yet" for 0. */
export function scoreLabel(score: number): string {
  if (!(score > 0)) return "Not rated yet";
  const rounded = Math.round(score * 10) / 10;
  return `Rated ${rounded} out of 5`;
}

/**
 * Five stars filled to the average review score, read out as one phrase by screen readers.
 * The fill is a clipped overlay, so half stars need no extra icons.
 */
export function ScoreStars({ score, className }: { score: number; className?: string }) {
  const percent = Math.max(0, Math.min(5, score)) * 20;
  return (
    <span
      role="img"
      aria-label={scoreLabel(score)}
      className={`inline-flex items-center gap-1.5 ${className ?? ""}`}
    >
      <span className="relative inline-flex" aria-hidden>
        {/* Five 1rem stars in one element (the sprite's "stars" symbol), grey under gold. */}
        <span className="flex text-stone-300">
          <SpriteIcon name="stars" className="h-4 w-20" />
        </span>
        <span
          className="text-sun-400 absolute inset-0 flex overflow-hidden"
          style={{ width: `${percent}%` }}
        >
          <SpriteIcon name="stars" className="h-4 w-20 shrink-0" />
        </span>
      </span>
      <span aria-hidden className="text-xs text-stone-600">
        {score > 0 ? (Math.round(score * 10) / 10).toFixed(1) : "New"}
      </span>
    </span>
  );
}
