/**
 * A session ends everywhere when it should: after logout, a password change, a reset, a security
 * block and an admin's password reset, the old cookie is refused by the API and next-auth's
 * session call answers as for a visitor.
 */
import type { GroupContext } from "./index";

const PASSWORD = "Harvest2026!";
const NEW_PASSWORD = "Orchard2027!";

export async function sessionsGroup({ app, env, tally }: GroupContext): Promise<void> {
  /** Whether `cookies` still act as a member: the profile call and next-auth's session. */
  const stillSignedIn = async (label: string, cookies: Map<string, string>) => {
    const profile = await app.call("/api/profile", { cookies });
    const session = await app.call("/api/auth/session", { cookies });
    tally.inspect(`${label}: profile`, profile);
    tally.inspect(`${label}: session`, session);
    const sessionUser = (session.json as { user?: unknown } | undefined)?.user;
    const signedIn = profile.status !== 401 || Boolean(sessionUser);
    // A member's session may be rolled forward; an ended one must not be handed a new cookie.
    if (!signedIn)
      tally.expect(
        `${label}: next-auth's session call issues no new session cookie`,
        !session.setCookies.get("_token"),
      );
    return signedIn;
  };
  const memberId = async (username: string) =>
    (await env.sql<{ id: number }>("select id from members where username = $1", [username]))[0]!
      .id;
  const latestMailTo = (address: string) =>
    [...env.mails].reverse().find((mail) => mail.to.includes(address))?.raw ?? "";
  const waitForMail = async (address: string, after: number, pattern: RegExp) => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const mail = env.mails
        .slice(after)
        .find((m) => m.to.includes(address) && pattern.test(m.raw));
      if (mail) return mail.raw.replace(/=\r?\n/g, "");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return latestMailTo(address);
  };

  // Logout.
  const loggedOut = await app.signIn("liam_obrien", PASSWORD);
  tally.expect(
    "a fresh session acts as the member",
    await stillSignedIn("before logout", loggedOut),
  );
  tally.inspect(
    "logout",
    await app.call("/api/users/logout", { method: "POST", cookies: loggedOut }),
  );
  tally.attempt("the cookie after logout", !(await stillSignedIn("after logout", loggedOut)));

  // Password change: every other session of the member ends.
  const first = await app.signIn("liam_obrien", PASSWORD);
  const second = await app.signIn("liam_obrien", PASSWORD);
  const change = await app.call("/api/settings/password", {
    body: {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    },
    cookies: first,
  });
  tally.inspect("password change", change);
  tally.expect(
    "the password change is accepted",
    change.status === 200,
    `${change.status} ${change.text}`,
  );
  tally.attempt(
    "another session after a password change",
    !(await stillSignedIn("after change", second)),
  );

  // Reset by mail: the sessions end and the link works once.
  const beforeReset = await app.signIn("fatima_ali", PASSWORD);
  const mailsBefore = env.mails.length;
  tally.inspect(
    "forgotPassword",
    await app.call("/api/users/forgotPassword", { body: { email: "fatima_ali@example.com" } }),
  );
  const resetMail = await waitForMail("fatima_ali@example.com", mailsBefore, /resetPassword\//);
  const code = /resetPassword\/([A-Za-z0-9_-]+)/.exec(resetMail)?.[1];
  tally.expect("the reset mail carries a link", Boolean(code));
  const reset = () =>
    app.call("/api/users/resetPassword", {
      body: { code, password: NEW_PASSWORD, cPassword: NEW_PASSWORD },
    });
  const used = await reset();
  tally.inspect("reset", used);
  tally.expect("the reset link works", used.status === 200, `${used.status} ${used.text}`);
  tally.attempt("a session after a reset", !(await stillSignedIn("after reset", beforeReset)));
  const reused = await reset();
  tally.inspect("reset again", reused);
  tally.attempt("the same reset link a second time", reused.status >= 400 && reused.status < 500);

  // Security block from the mailed link: every session ends.
  const blockedMailsBefore = env.mails.length;
  const blocked = await app.signIn("noah_martin", PASSWORD);
  const blockMail = await waitForMail(
    "noah_martin@example.com",
    blockedMailsBefore,
    /securities\//,
  );
  const accessId = /securities\/([A-Za-z0-9_-]+)\/block/.exec(blockMail)?.[1];
  tally.expect("a new browser's sign-in mails a block link", Boolean(accessId));
  const block = await app.call("/api/securities/block", { body: { accessId } });
  tally.inspect("block", block);
  tally.expect("the block link works", block.status === 200, `${block.status} ${block.text}`);
  tally.attempt("a session after a security block", !(await stillSignedIn("after block", blocked)));

  // An admin sets a member's password: the member's sessions end.
  const member = await app.signIn("sofia_rossi", PASSWORD);
  const admin = await app.signIn("admin", PASSWORD);
  const adminReset = await app.call("/api/scripts/updatePassword", {
    body: { userId: await memberId("sofia_rossi"), password: NEW_PASSWORD },
    cookies: admin,
  });
  tally.inspect("admin password reset", adminReset);
  tally.expect(
    "the admin's reset is accepted",
    adminReset.status === 200,
    `${adminReset.status} ${adminReset.text}`,
  );
  tally.attempt(
    "a session after an admin's password reset",
    !(await stillSignedIn("after admin reset", member)),
  );

  // A forged or tampered token is a visitor.
  for (const token of [
    "",
    "x",
    "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.",
    `${[...loggedOut.values()][0]}x`,
  ]) {
    tally.attempt(
      "a forged session token",
      !(await stillSignedIn("forged token", new Map([["_token", token]]))),
    );
  }
}
