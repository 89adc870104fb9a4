/**
 * What the Demand page may show (decision 0046). Every number on it is a sum of atoms: the distinct
 * people of one kind, term, grid cell and week. An atom is published only when at least
 * MIN_PEOPLE people make it up, else it counts as 0 everywhere, so no two views (two areas, two
 * weeks) can be subtracted to reveal it. The current week's atoms still grow, so two views of it
 * at two times could be subtracted: they are published in steps of MIN_PEOPLE (rounded down), so
 * any such difference is 0 or at least MIN_PEOPLE.
 */

export const MIN_PEOPLE = 5;

/** The published value of one atom. */
export function publishedPeople(people: number, isCurrentWeek: boolean): number {
  if (people < MIN_PEOPLE) return 0;
  return isCurrentWeek ? people - (people % MIN_PEOPLE) : people;
}

export type Trend = "new" | "rising" | "falling" | "steady";

/**
 * The trend of a term over the past complete weeks (oldest first): the last four weeks against the
 * four before them, so a week still under way does not read as a fall.
 */
export function trendOf(pastWeeks: readonly number[]): Trend {
  const half = Math.floor(pastWeeks.length / 2);
  const earlier = pastWeeks.slice(0, half).reduce((a, b) => a + b, 0);
  const recent = pastWeeks.slice(half).reduce((a, b) => a + b, 0);
  if (earlier === 0) return recent > 0 ? "new" : "steady";
  if (recent >= earlier * 1.25) return "rising";
  if (recent <= earlier * 0.75) return "falling";
  return "steady";
}
