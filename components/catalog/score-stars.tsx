import { SpriteIcon } from "@/components/icons/sprite-icon";
import { ratingLabel } from "@/lib/catalog/rating";

/** "Rated 4.5 out of 5" (one decimal), or "Not rated yet" for 0: one review's score. */
export function scoreLabel(score: number): string {
  if (!(score > 0)) return "Not rated yet";
  const rounded = Math.round(score * 10) / 10;
  return `Rated ${rounded} out of 5`;
}

/**
 * Five stars filled to the score, read out as one phrase by screen readers. With `count` (an
 * average over reviews: cards, the product page, a store) it reads "4.6 out of 5, 12 reviews" and
 * shows the count beside the score; without it, one review's score ("Rated 4 out of 5"). The fill
 * is a clipped overlay, so half stars need no extra icons.
 */
export function ScoreStars({
  score,
  count,
  className,
}: {
  score: number;
  count?: number;
  className?: string;
}) {
  const percent = Math.max(0, Math.min(5, score)) * 20;
  const rated = count === undefined ? score > 0 : count > 0;
  return (
    <span
      role="img"
      aria-label={count === undefined ? scoreLabel(score) : ratingLabel(score, count)}
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
        {rated ? (Math.round(score * 10) / 10).toFixed(1) : "New"}
        {rated && count !== undefined ? ` (${count})` : null}
      </span>
    </span>
  );
}
