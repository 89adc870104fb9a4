// The factories live with the demo seed that uses them too (server/db/seed/factories.ts): the app
// never imports tests/. Tests import them from there; this re-export is for helpers in flight.
export * from "@/server/db/seed/factories";
