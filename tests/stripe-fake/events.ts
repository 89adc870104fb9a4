/** GET /v1/events and /v1/events/:id: the events the fake recorded, newest first. */
import { readString } from "./form";
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
    // GET /v1/events – recorded events, filterable by type (exact, or a prefix ending in `*`)
    method: "GET",
    pattern: "/v1/events",
    handler: ({ state, params }) => {
      const type = readString(params, "type");
      const matches = (t: unknown) =>
        !type || (type.endsWith("*") ? String(t).startsWith(type.slice(0, -1)) : t === type);
      const events = state.store.all("event").filter((event) => matches(event.type));
      return listAnswer(state.store, events, params, "/v1/events");
    },
  },
];
