import { ScoreStars } from "@/components/catalog/score-stars";
import { ratingShare } from "@/lib/catalog/rating";

/**
 * The product's reviews by stars, 5 to 1: a bar and a count each, from the product's kept
 * counters (no count per view). Each row reads "5 stars: 8 reviews"; the bars are decoration.
 */
export function RatingDistribution({
  score,
  counts,
  total,
}: {
  score: number;
  /** Reviews that gave 1..5 stars, index 0 is 1 star. */
  counts: number[];
  total: number;
}) {
  if (total <= 0) return null;
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:max-w-md sm:p-5">
      <p className="flex items-center gap-2 text-base font-semibold">
        <ScoreStars score={score} count={total} />
      </p>
      <ul aria-label="Ratings by stars" className="flex flex-col gap-1.5 text-sm">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = counts[stars - 1] ?? 0;
          return (
            <li key={stars} className="grid grid-cols-[4rem_1fr_2.5rem] items-center gap-3">
              <span className="text-stone-700">
                {stars} {stars === 1 ? "star" : "stars"}
                <span className="sr-only">:</span>
              </span>
              <span aria-hidden className="h-2.5 overflow-hidden rounded-full bg-stone-200">
                <span
                  className="bg-sun-400 block h-full rounded-full"
                  style={{ width: `${ratingShare(count, total)}%` }}
                />
              </span>
              <span className="text-right text-stone-700 tabular-nums">
                {count}
                <span className="sr-only"> {count === 1 ? "review" : "reviews"}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
