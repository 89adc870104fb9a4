/** What the city placeholder of titles and descriptions says when no city is known. */
export const VIEWER_CITY_FALLBACK = "near you";
