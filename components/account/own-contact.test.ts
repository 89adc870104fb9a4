import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchOwnContact } from "./own-contact";

afterEach(() => vi.unstubAllGlobals());

describe("fetchOwnContact", () => {
  it("gives the name and email of the profile, and nothing else of it", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        profile: {
          firstName: "Robin",
          lastName: "Ash",
          email: "robin@example.com",
          phone: "416 555 0100",
        },
      }),
    );
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchOwnContact()).resolves.toEqual({
      firstName: "Robin",
      lastName: "Ash",
      email: "robin@example.com",
    });
    expect(fetchMock).toHaveBeenCalledWith("/api/profile", { credentials: "same-origin" });
  });

  it.each([
    ["signed out", async () => Response.json({ message: "Unauthorized" }, { status: 401 })],
    ["a body that is not JSON", async () => new Response("<html>", { status: 200 })],
    [
      "no network",
      async () => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("gives null when %s", async (_, answer) => {
    vi.stubGlobal("fetch", vi.fn(answer));
    await expect(fetchOwnContact()).resolves.toBeNull();
  });
});
