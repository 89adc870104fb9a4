import { expect, test as setup } from "@playwright/test";
import { DEMO_MEMBERS, DEMO_PASSWORD, demoSession, type DemoMember } from "./demo-sessions";

// Signs each demo member in once per run through the public API and keeps the cookies as a
// storage state (e2e/demo-sessions.ts). Journeys that only need to be signed in as one of them
// start from it instead of signing in again, at each viewport.
setup("the demo members sign in once for the run", async ({ playwright, baseURL }) => {
  for (const member of Object.keys(DEMO_MEMBERS) as DemoMember[]) {
    const request = await playwright.request.newContext({ baseURL });
    const answer = await request.post("/api/users/login", {
      data: { login: DEMO_MEMBERS[member], password: DEMO_PASSWORD },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    await request.storageState({ path: demoSession(member) });
    await request.dispose();
  }
});
