"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import { postJson } from "@/components/password/post-json";
import { Button } from "@/components/ui/button";

// Spec part 2 section 8, "Security block, any failure".
export const BLOCK_FAILED = "Oops. Something went wrong. Please try it again.";

type BlockedAccess = {
  browser_data: string;
  city: string;
  province_state: string;
  country: string;
};

type State = { step: "loading" } | { step: "done"; access: BlockedAccess } | { step: "error" };

/** securityBlock: blocks the access on load (a POST), then shows what was blocked. */
export function BlockView({ accessId }: { accessId: string }) {
  const [state, setState] = useState<State>({ step: "loading" });
  const started = useRef(false);

  const block = useCallback(async () => {
    setState({ step: "loading" });
    const answer = await postJson<{ results: BlockedAccess }>("/api/securities/block", {
      accessId,
    });
    setState(
      answer.ok && answer.data?.results
        ? { step: "done", access: answer.data.results }
        : { step: "error" },
    );
  }, [accessId]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void block();
  }, [block]);

  if (state.step === "loading") {
    return (
      <p role="status" className="flex items-center gap-3 text-stone-700">
        <span
          aria-hidden
          className="border-leaf-600 size-5 animate-spin rounded-full border-2 border-t-transparent"
        />
        Blocking the sign-in…
      </p>
    );
  }
  if (state.step === "error") {
    return (
      <div className="grid gap-4">
        <p role="alert" className="font-semibold text-red-800">
          {BLOCK_FAILED}
        </p>
        <Button variant="secondary" onClick={() => void block()} className="self-start">
          Try again
        </Button>
      </div>
    );
  }
  const { access } = state;
  return (
    <div className="grid gap-5">
      <p role="status" className="text-stone-800">
        The access has been blocked and every session of your account has ended.
      </p>
      {/* Focusable so keyboard users can scroll it sideways on a narrow screen. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="The blocked sign-in"
        className="overflow-x-auto rounded-2xl border border-stone-200"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The blocked sign-in</caption>
          <thead className="bg-stone-50 text-stone-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                Browser
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                City
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Province/State
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                Country
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-t border-stone-200 text-stone-900">
              <td className="px-4 py-2">{access.browser_data}</td>
              <td className="px-4 py-2">{access.city}</td>
              <td className="px-4 py-2">{access.province_state}</td>
              <td className="px-4 py-2">{access.country}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="text-stone-700">
        Whoever signed in no longer has access. If they knew your password, they can sign in again:{" "}
        <Link href="/settings?section=password" className="text-leaf-800 font-semibold underline">
          update your password
        </Link>{" "}
        now. If you cannot sign in, use{" "}
        <Link href="/forgotPassword" className="text-leaf-800 font-semibold underline">
          Forgot password
        </Link>
        .
      </p>
    </div>
  );
}
