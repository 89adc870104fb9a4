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
