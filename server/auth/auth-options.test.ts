import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/server/errors";

const signIn = vi.hoisted(() => ({ fail: null as unknown }));
vi.mock("@/server/auth/sign-in", () => ({
  signInWithPassword: async () => {
    throw signIn.fail;
  },
}));
vi.mock("@/server/db/client", () => ({ getDb: async () => ({}) }));

const { getAuthOptions } = await import("./auth-options");

type Authorize = (
  credentials: Record<string, string>,
  req: { headers: object },
) => Promise<unknown>;

function authorize(): Authorize {
  const provider = getAuthOptions().providers[0] as unknown as {
    options: { authorize: Authorize };
  };
  return provider.options.authorize;
}

// next-auth puts the message of what `authorize` throws into the URL the login form reads.
describe("the credentials provider's authorize", () => {
  it("passes our own refusal on", async () => {
    signIn.fail = new AppError("unauthorized", "Invalid Login Credentials. Please try again.");
    await expect(authorize()({ login: "ana", password: "x" }, { headers: {} })).rejects.toThrow(
      "Invalid Login Credentials. Please try again.",
    );
  });

  it("never passes on an internal error's text (SQL, hosts)", async () => {
    signIn.fail = new Error(
      'Failed query: select "id" from "members" where lower("email") = $1 params: ana',
    );
    const error = await authorize()({ login: "ana", password: "x" }, { headers: {} }).catch(
      (e: unknown) => e as Error,
    );
    expect((error as Error).message).toBe("Something went wrong. Please try again later.");
  });
});

// Issue 43, defect 3: GET /api/auth/signin?callbackUrl=http%3A%2F%2F%5B%3A%3A1 is refused (400)
// and was logged at error level with a stack.
describe("next-auth's logger", () => {
  it("logs a refused callbackUrl as a warning without a stack, and real errors as errors", async () => {
    const { log } = await import("@/server/log");
    const warn = vi.spyOn(log, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const logger = getAuthOptions().logger!;
    const refused = Object.assign(new Error("Invalid callback URL. Received: http://[::1"), {
      code: "INVALID_CALLBACK_URL_ERROR",
    });
    logger.error!("INVALID_CALLBACK_URL_ERROR", refused);
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      { code: "INVALID_CALLBACK_URL_ERROR", reason: "Invalid callback URL. Received: http://[::1" },
      "next-auth refused a request",
    );
    logger.error!("JWT_SESSION_ERROR", new Error("broken"));
    expect(error).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    error.mockRestore();
  });
});
