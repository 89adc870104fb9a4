import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver, ResolverOptions } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { signInSchema, type SignInFormInput } from "@/lib/auth/login-schema";
import { MSG } from "@/lib/validation/messages";
import { lazyResolver } from "./lazy-resolver";

const options: ResolverOptions<SignInFormInput> = { fields: {}, shouldUseNativeValidation: false };

describe("lazyResolver", () => {
  it("answers as the resolver it loads, for valid and invalid values", async () => {
    const resolver = lazyResolver<SignInFormInput>(async () => zodResolver(signInSchema));
    const bad = await resolver({ login: "", password: "" }, undefined, options);
    expect(bad.errors).toMatchObject({
      login: { message: MSG.required },
      password: { message: MSG.required },
    });
    const good = await resolver({ login: " ann ", password: "secret" }, undefined, options);
    expect(good).toEqual({ values: { login: "ann", password: "secret" }, errors: {} });
  });

  it("loads once, whether preloaded or called many times", async () => {
    const load = vi.fn(async () => zodResolver(signInSchema));
    const resolver = lazyResolver<SignInFormInput>(load);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    resolver.preload();
    await Promise.all(
      [1, 2, 3].map(() => resolver({ login: "a", password: "b" }, undefined, options)),
    );
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed load, and a failed preload stays quiet", async () => {
    const load = vi
      .fn<() => Promise<Resolver<SignInFormInput>>>()
      .mockRejectedValueOnce(new Error("chunk failed"))
      .mockRejectedValueOnce(new Error("chunk failed"))
      .mockImplementation(async () => zodResolver(signInSchema));
    const resolver = lazyResolver<SignInFormInput>(load);
    resolver.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await expect(resolver({ login: "a", password: "b" }, undefined, options)).rejects.toThrow(
      "chunk failed",
    );
    await expect(
      resolver({ login: "a", password: "b" }, undefined, options),
    ).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(3);
  });
});
