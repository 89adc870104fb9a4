import { getOriginalSchema } from "@/lib/validation/links";
import { route } from "@/server/http/route";
import { getOriginalUrl } from "@/server/links";
import { json, ok } from "@/server/openapi/declare";
import { readClientAddress } from "@/server/security";
import { originalUrlAnswer } from "@/server/openapi/answers";

// POST /api/links/getOriginal: the address a short link stands for, always on this site; an
// unknown code answers an empty originalUrl (the page then says there is no link)
export const POST = route(
  {
    public: true,
    doc: {
      summary: "The address a short link stands for (empty for an unknown code)",
      responses: ok(originalUrlAnswer),
      body: json(getOriginalSchema),
    },
  },
  async ({ req, db }) => {
    const { shortUrl } = getOriginalSchema.parse(await req.json());
    const originalUrl = await getOriginalUrl(db, {
      code: shortUrl,
      // The connection's address (or our proxy's word), never a header the client wrote.
      clientIp: readClientAddress(req.headers),
    });
    return Response.json({ originalUrl: originalUrl ?? "" });
  },
);
