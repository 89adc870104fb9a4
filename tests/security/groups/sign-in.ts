/**
 * Brute force, spraying, lockout abuse and enumeration (decision 0023). Every guess comes from
 * this machine; the forged forwarding headers must not give the attacker a new address.
 */
import type { Answer } from "../harness";
import { median, message, sameBody } from "../harness";
import type { GroupContext } from "./index";
import { DEMO_ADMIN_TOTP_SECRET, currentStep, totpCode } from "@/tests/totp";

const PASSWORD = "Harvest2026!";
const FORGED = (i: number) => ({
  "x-forwarded-for": `203.0.113.${i % 250}`,
  "x-real-ip": `198.51.100.${i % 250}`,
  forwarded: `for=192.0.2.${i % 250}`,
});

export async function signInGroup({ app, env, tally }: GroupContext): Promise<void> {
  const guess = async (login: string, password: string, extra: Record<string, string> = {}) => {
    const answer = await app.call("/api/users/login", {
      body: { login, password },
      headers: extra,
    });
    tally.inspect(`login ${login}`, answer);
    return answer;
  };
  const resetBudgets = () => env.sql("delete from rate_limit_buckets");

  // Brute force on one account from a stranger's browser, each guess with new forged headers: the
  // 11th guess is refused even with the right password...
  const owner = await app.signIn("maya_chen", PASSWORD);
  const device = owner.get("_device");
  tally.expect("a successful sign-in gives the browser a device cookie", Boolean(device));
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++)
    statuses.push((await guess("maya_chen", `wrong-${i}`, FORGED(i))).status);
  tally.expect(
    "the first 10 wrong guesses are 401",
    statuses.every((s) => s === 401),
    statuses.join(),
  );
  const eleventh = await guess("maya_chen", PASSWORD, FORGED(11));
  tally.attempt(
    "the 11th guess on one account (right password)",
    eleventh.status === 429,
    `${eleventh.status}`,
  );
  // ...while the owner's own browser, with its device cookie, still gets in.
  const ownerAgain = await app.call("/api/users/login", {
    body: { login: "maya_chen", password: PASSWORD },
    cookies: `_device=${device}`,
  });
  tally.inspect("owner sign-in", ownerAgain);
  tally.expect(
    "the owner on a known browser still gets in",
    ownerAgain.status === 200,
    `${ownerAgain.status}`,
  );
  const ownerWrongOnce = await app.call("/api/users/login", {
    body: { login: "maya_chen", password: "typo" },
    cookies: `_device=${device}`,
  });
  tally.expect("a typo on the known browser is a plain 401", ownerWrongOnce.status === 401);

  // Spraying one password over many accounts from one address, with and without forged headers:
  // the address is refused after 20 failures, whatever the headers say.
  for (const forged of [false, true]) {
    await resetBudgets();
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++)
      answers.push(
        await guess(`spray_${forged ? "f" : "p"}_${i}`, "Summer2026!", forged ? FORGED(i) : {}),
      );
    const codes = answers.map((a) => a.status);
    tally.expect(
      `spraying${forged ? " with forged headers" : ""}: 20 failures first`,
      codes.slice(0, 20).every((s) => s === 401),
      codes.join(),
    );
    for (const [i, status] of codes.slice(20).entries())
      tally.attempt(
        `spray guess ${21 + i}${forged ? " (forged headers)" : ""}`,
        status === 429,
        `${status}`,
      );
  }

  // The address's budget refuses the address, not the accounts it tried: the owner signs in on
  // a known browser while this address is refused.
  const lockedAddressOwner = await app.call("/api/users/login", {
    body: { login: "maya_chen", password: PASSWORD },
    cookies: `_device=${device}`,
  });
  tally.expect(
    "a refused address does not lock the account's known browsers",
    lockedAddressOwner.status === 200,
    `${lockedAddressOwner.status}`,
  );

  // Enumeration: a known and an unknown account answer alike, in status, body and time.
  await resetBudgets();
  const timings = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < 8; i++) {
    await resetBudgets();
    const known = await guess("demo_customer", `not-it-${i}`);
    const unknown = await guess(`no_such_member_${i}`, `not-it-${i}`);
    timings.known.push(known.ms);
    timings.unknown.push(unknown.ms);
    tally.attempt(
      "sign-in tells a known account from an unknown one",
      known.status === unknown.status && message(known) === message(unknown),
      `${known.status} ${known.text} / ${unknown.status} ${unknown.text}`,
    );
  }
  compareTimes("sign-in", timings);

  const resetTimes = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < 8; i++) {
    const known = await app.call("/api/users/forgotPassword", {
      body: { email: "customer@example.com" },
    });
    // One unknown email asked as often as the known one: a per-email budget must not tell them
    // apart either (a 429 only for a known email would be an oracle).
    const unknown = await app.call("/api/users/forgotPassword", {
      body: { email: "nobody-here@example.com" },
    });
    tally.inspect("forgotPassword", known);
    tally.inspect("forgotPassword", unknown);
    resetTimes.known.push(known.ms);
    resetTimes.unknown.push(unknown.ms);
    tally.attempt(
      "forgotPassword tells a known email from an unknown one",
      known.status === unknown.status && sameBody(known, unknown),
      `${known.status} ${known.text} / ${unknown.status} ${unknown.text}`,
    );
  }
  compareTimes("forgotPassword", resetTimes);

  const registration = (email: string, username: string) => ({
    firstName: "Sam",
    lastName: "Probe",
    username,
    email,
    password: "Probe2026!xyz",
    cPassword: "Probe2026!xyz",
    phone: "(416) 555-0199",
    country: "CA",
  });
  const stamp = Date.now().toString(36);
  const taken = await app.call("/api/users/register", {
    body: registration("customer@example.com", `probe_a_${stamp}`),
  });
  const free = await app.call("/api/users/register", {
    body: registration(`probe_${stamp}@example.com`, `probe_b_${stamp}`),
  });
  tally.inspect("register taken", taken);
  tally.inspect("register free", free);
  tally.attempt(
    "sign-up tells a taken email from a free one",
    taken.status === free.status && sameBody(taken, free),
    `${taken.status} ${taken.text} / ${free.status} ${free.text}`,
  );
  tally.expect(
    "the probe registration itself is accepted",
    free.status === 201,
    `${free.status} ${free.text}`,
  );

  // Two-step sign-in (decision 0053): the admin's right password alone makes no session, and
  // codes are guessed no faster than passwords: after 10 wrong ones even the right code is refused.
  await resetBudgets();
  const passwordOnly = await guess("admin", PASSWORD);
  tally.attempt(
    "the admin's password alone makes a session",
    passwordOnly.status === 401 && !passwordOnly.setCookies.has("_token"),
    `${passwordOnly.status} ${passwordOnly.text.slice(0, 120)}`,
  );
  const codeGuesses: number[] = [];
  for (let i = 0; i < 10; i++) {
    const answer = await app.call("/api/users/login", {
      body: { login: "admin", password: PASSWORD, code: String(100000 + i * 7919) },
    });
    tally.inspect("login admin with a guessed code", answer);
    codeGuesses.push(answer.status);
  }
  const rightCode = await app.call("/api/users/login", {
    body: {
      login: "admin",
      password: PASSWORD,
      code: await totpCode(DEMO_ADMIN_TOTP_SECRET, currentStep()),
    },
  });
  tally.attempt(
    "the right code after 10 guessed ones",
    codeGuesses.every((s) => s === 422) && rightCode.status === 429,
    `${codeGuesses.join()} then ${rightCode.status}`,
  );
  await resetBudgets();

  /** Medians within 40 ms or 40 % of each other: an attacker cannot tell them apart by time. */
  function compareTimes(name: string, t: { known: number[]; unknown: number[] }) {
    const known = median(t.known);
    const unknown = median(t.unknown);
    const gap = Math.abs(known - unknown);
    tally.attempt(
      `${name} timing tells a known account from an unknown one`,
      gap <= Math.max(40, 0.4 * Math.max(known, unknown)),
      `median ${known.toFixed(1)} ms known vs ${unknown.toFixed(1)} ms unknown`,
    );
  }
}
