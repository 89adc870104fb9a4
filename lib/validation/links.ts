/** Short links (part 2 section 7): POST /api/links/getOriginal. */
import { z } from "zod";
import { MSG, tooLongMessage } from "./messages";

export const getOriginalSchema = z.object({
  // The route's code; any string is looked up (an unknown or malformed one answers empty).
  shortUrl: z.string({ error: MSG.required }).max(200, { error: tooLongMessage(200) }),
});
