/**
 * npm run admin:create -- --username ops_anna --email anna@example.com --first-name Anna --last-name Ross
 *
 * Makes an operator's account on the database the app uses (DATABASE_URL, else the embedded one),
 * after migrating it. The password comes from ADMIN_PASSWORD, else it is asked for (not echoed),
 * and must pass the registration rule. Admins are never made by registration.
 */
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const USAGE =
  "Usage: npm run admin:create -- --username NAME --email EMAIL --first-name FIRST --last-name LAST\n" +
  "  The password is read from ADMIN_PASSWORD, or asked for. The new admin sets up two-step\n" +
  "  sign-in (an authenticator app) at the first sign-in.\n" +
  "       npm run admin:create -- --reset-second-factor --username NAME\n" +
  "  Clears that account's two-step sign-in (a lost phone and lost recovery codes, or a rotated\n" +
  "  NEXTAUTH_SECRET): its sessions end and it sets it up again at the next sign-in.";

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) return line;
    return "";
  }
  process.stdout.write("Password (12+ characters, small and big letters, numbers, symbols): ");
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: undefined, terminal: true });
    rl.question("", (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      username: { type: "string" },
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      "reset-second-factor": { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  if (values["reset-second-factor"] && values.username) return resetSecondFactor(values.username);
  if (values.help || !values.username || !values.email) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 1;
  }
  if (existsSync(".env")) process.loadEnvFile(".env");
  const { closeDb, getDb } = await import("@/server/db/client");
  const { migrateDb } = await import("@/server/db/migrate");
  const { createAdminAccount } = await import("@/server/admin/create-admin-account");
  const { isAppError } = await import("@/server/errors");
  const { $ZodError } = await import("zod/v4/core");

  const password = process.env.ADMIN_PASSWORD ?? (await askPassword());
  const db = await getDb();
  try {
    await migrateDb(db);
    const admin = await createAdminAccount(db, {
      username: values.username,
      email: values.email,
      firstName: values["first-name"] ?? "",
      lastName: values["last-name"] ?? "",
      password,
    });
    process.stdout.write(
      `Admin ${admin.username} (${admin.email}) created: log in at /login, then set up two-step sign-in with an authenticator app.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof $ZodError)
      for (const issue of error.issues)
        process.stderr.write(`${issue.path.join(".") || "input"}: ${issue.message}\n`);
    else process.stderr.write(`${isAppError(error) ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await closeDb(db);
  }
}

async function resetSecondFactor(username: string): Promise<number> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const { closeDb, getDb } = await import("@/server/db/client");
  const { migrateDb } = await import("@/server/db/migrate");
  const { resetSecondFactorFromServer } = await import("@/server/auth/second-factor");
  const db = await getDb();
  try {
    await migrateDb(db);
    const done = await resetSecondFactorFromServer(db, username);
    if (!done) {
      process.stderr.write(`There is no member ${username}.\n`);
      return 1;
    }
    process.stdout.write(
      `Two-step sign-in of ${username} reset: their sessions ended; they set it up again at the next sign-in.\n`,
    );
    return 0;
  } finally {
    await closeDb(db);
  }
}

void main().then((code) => process.exit(code));
