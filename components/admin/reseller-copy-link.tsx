"use client";

import { Copy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Button } from "@/components/ui/button";

/**
 * A reseller's registration link, shown in a read-only field (select it to copy by hand) with a
 * Copy button; "Copied" is announced in a status region. Without the Clipboard API (an http page
 * other than localhost) the field's text is selected and copied the old way.
 */
export function ResellerCopyLink({ link, name }: { link: string; name: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  async function copy() {
    let copied = false;
    try {
      await navigator.clipboard.writeText(link);
      copied = true;
    } catch {
      input.current?.select();
      copied = document.execCommand?.("copy") ?? false;
    }
    setStatus(copied ? "Copied" : "Press Ctrl+C (or Cmd+C) to copy the selected link");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus(""), 4000);
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-stone-700">
        Registration link
      </label>
      <div className="flex min-w-0 items-center gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="focus:border-leaf-600 focus:ring-leaf-600/30 h-9 min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-2 font-mono text-xs text-stone-800 outline-none focus:ring-2"
        />
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void copy()}
          disabled={!hydrated}
          aria-label={`Copy the registration link of ${name}`}
        >
          <Copy aria-hidden />
          Copy
        </Button>
      </div>
      <p role="status" className="text-leaf-800 min-h-5 text-sm font-medium">
        {status}
      </p>
    </div>
  );
}
