/** GET /v1/events and /v1/events/:id: the events the fake recorded, newest first. */
import { invalidParam, invalidRequest } from "./errors";
import { readList, readString } from "./form";
import { expandOf, listAnswer, render } from "./objects";
import type { Route } from "./router";

export const eventRoutes: Route[] = [
  {
    // GET /v1/events/:id – one recorded event
    method: "GET",
    pattern: "/v1/events/:id",
    handler: ({ state, id, params }) =>
      render(state.store, state.store.getOrThrow("event", id, "id"), expandOf(params)),
  },
  {
    // GET /v1/events – recorded events, filterable by type (exact, or a prefix ending in `*`), by
    // `types[]` (up to 20 exact types) and by `created`
    method: "GET",
    pattern: "/v1/events",
    handler: ({ state, params }) => {
      const type = readString(params, "type");
      const types = readList(params, "types");
      if (type && types.length > 0)
        throw invalidRequest("You may only specify one of these parameters: type, types.");
      if (types.length > 20) throw invalidParam("types", "You may pass at most 20 types.");
      const matches = (t: unknown) =>
        (types.length === 0 || types.includes(String(t))) &&
        (!type || (type.endsWith("*") ? String(t).startsWith(type.slice(0, -1)) : t === type));
      const events = state.store.all("event").filter((event) => matches(event.type));
      return listAnswer(state.store, events, params, "/v1/events");
    },
  },
];
