"use client";

import { ExternalLink, Landmark } from "lucide-react";
import { useState } from "react";
import { send } from "@/components/account/send";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Button } from "@/components/ui/button";

/**
 * A button that asks the server for a Stripe link (onboarding, or the Express dashboard) and
 * follows it. Stripe's links are single use and short-lived, so one is made per click.
 */
export function PayoutLinkButton({
  action,
  label,
  variant = "primary",
}: {
  action: "onboarding" | "dashboard";
  label: string;
  variant?: "primary" | "secondary";
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go() {
    setBusy(true);
    setError(null);
    const result = await send<{ url: string }>(`/api/payouts/${action}`, {});
    if (result.ok) {
      window.location.assign(result.data.url);
      return;
    }
    setBusy(false);
    setError(result.message);
  }

  const Icon = action === "dashboard" ? ExternalLink : Landmark;
  return (
    <div className="flex flex-col items-start gap-2">
      {/* Disabled until hydrated: a tap before then would do nothing (an e2e caught it on a phone). */}
      <Button
        variant={variant}
        onClick={() => void go()}
        disabled={!hydrated || busy}
        aria-busy={busy}
      >
        <Icon aria-hidden />
        {busy ? "Processing ..." : label}
      </Button>
      <p role="alert" className="text-tomato-600 text-sm font-medium empty:hidden">
        {error ?? ""}
      </p>
    </div>
  );
}
