import type { DemandRow } from "@/server/demand/get-farm-demand";
import type { Trend } from "@/lib/demand/publish";

const TREND_LABELS: Record<Trend, string> = {
  new: "New",
  rising: "Rising",
  falling: "Falling",
  steady: "Steady",
};

const TREND_CLASSES: Record<Trend, string> = {
  new: "bg-leaf-100 text-leaf-800",
  rising: "bg-leaf-100 text-leaf-800",
  falling: "bg-earth-100 text-earth-800",
  steady: "bg-stone-100 text-stone-700",
};

/** "30 Nov" for a week's Monday (YYYY-MM-DD, UTC). */
function shortDate(weekStart: string): string {
  return new Date(`${weekStart}T00:00:00Z`).toLocaleDateString("en-CA", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
}

/** Eight small bars, one a week; the numbers themselves are read out to screen readers. */
function WeekBars({ weeks, starts }: { weeks: number[]; starts: string[] }) {
  const highest = Math.max(...weeks, 1);
  const spoken = weeks
    .map((people, i) => `week of ${shortDate(starts[i]!)}: ${people || "fewer than 5"}`)
    .join("; ");
  return (
    <>
      <span className="flex h-8 items-end gap-0.5" aria-hidden="true">
        {weeks.map((people, i) => (
          <span
            key={starts[i]}
            className={
              people ? "bg-leaf-600 w-1.5 rounded-t-sm" : "w-1.5 rounded-t-sm bg-stone-200"
            }
            style={{ height: `${Math.max(12, Math.round((people / highest) * 100))}%` }}
            title={`${shortDate(starts[i]!)}: ${people || "fewer than 5"}`}
          />
        ))}
      </span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}

/**
 * One list of the Demand page (phone first: four narrow columns). A count is a number of people,
 * at least 5; fewer show as "<5", and this week's go in steps of 5 (lib/demand/publish.ts).
 */
export function DemandTable({
  caption,
  termHeading,
  rows,
  pastWeekStarts,
  empty,
}: {
  caption: string;
  termHeading: string;
  rows: DemandRow[];
  pastWeekStarts: string[];
  empty: string;
}) {
  if (rows.length === 0)
    return (
      <section aria-label={caption} className="mt-8">
        <h2 className="text-xl font-semibold text-stone-900">{caption}</h2>
        <p className="mt-3 text-stone-700">{empty}</p>
      </section>
    );
  return (
    <section aria-label={caption} className="mt-8">
      <table className="w-full border-collapse text-left text-sm sm:text-base">
        <caption className="mb-3 text-left text-xl font-semibold text-stone-900">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300 text-stone-600">
            <th scope="col" className="py-2 pr-2 font-medium">
              {termHeading}
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              This week
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Last 8 weeks
            </th>
            <th scope="col" className="py-2 pl-2 font-medium">
              Trend
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.term} className="border-b border-stone-200">
              <th scope="row" className="py-3 pr-2 font-medium break-words text-stone-900">
                {row.term}
              </th>
              <td className="px-2 py-3 text-right tabular-nums">
                {row.thisWeek > 0 ? row.thisWeek : "<5"}
              </td>
              <td className="px-2 py-3">
                <WeekBars weeks={row.pastWeeks} starts={pastWeekStarts} />
              </td>
              <td className="py-3 pl-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TREND_CLASSES[row.trend]}`}
                >
                  {TREND_LABELS[row.trend]}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
