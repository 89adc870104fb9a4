"use client";

import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/password/alert";
import { postJson } from "@/components/password/post-json";
import { Button } from "@/components/ui/button";

// Spec part 2 section 8, "Unsubscribe failure".
export const UNSUBSCRIBE_FAILED_HEADING = "Uh oh.. Something went wrong.";
export const UNSUBSCRIBE_FAILED_FALLBACK = "Please contact us with the issue you are experiencing.";
const SUBSCRIBE_FAILED_FALLBACK = "Something went wrong. Please try again later.";

type LinkBody = { type: string; userId: string; sig: string };

type State =
  | { step: "loading" }
  | { step: "unsubscribed"; message: string; resubscribeError: string | null; busy: boolean }
  | { step: "subscribed"; message: string }
  | { step: "error"; text: string };

/**
 * unsubscribeNotification: unsubscribes on load with a POST (a GET render changes nothing, so link
 * scanners and prefetchers cannot unsubscribe anyone), then offers SUBSCRIBE BACK.
 */
export function UnsubscribeView(link: LinkBody) {
  const [state, setState] = useState<State>({ step: "loading" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void postJson<{ message: string }>("/api/notifications/unsubscribe", link).then((answer) => {
      if (answer.ok) {
        setState({
          step: "unsubscribed",
          message: answer.data.message,
          resubscribeError: null,
          busy: false,
        });
        return;
      }
      // "The messages in the server's data are joined": its field messages, else its message.
      const messages = Object.values(answer.errors).flat();
      if (!messages.length && answer.message) messages.push(answer.message);
      setState({
        step: "error",
        text: messages.length ? messages.join(" ") : UNSUBSCRIBE_FAILED_FALLBACK,
      });
    });
  }, [link]);

  async function subscribeBack() {
    if (state.step !== "unsubscribed") return;
    setState({ ...state, busy: true, resubscribeError: null });
    const answer = await postJson<{ message: string }>("/api/notifications/subscribe", link);
    if (answer.ok) setState({ step: "subscribed", message: answer.data.message });
    else
      setState({
        ...state,
        busy: false,
        resubscribeError: answer.message ?? SUBSCRIBE_FAILED_FALLBACK,
      });
  }

  if (state.step === "loading") {
    return (
      <p role="status" className="flex items-center gap-3 text-stone-700">
        <span
          aria-hidden
          className="border-leaf-600 size-5 animate-spin rounded-full border-2 border-t-transparent"
        />
        Updating your email preferences…
      </p>
    );
  }
  if (state.step === "error") {
    return (
      <div role="alert">
        <h2 className="text-xl font-bold text-red-800">{UNSUBSCRIBE_FAILED_HEADING}</h2>
        <p className="mt-2 text-stone-800">{state.text}</p>
      </div>
    );
  }
  if (state.step === "subscribed") {
    return (
      <div role="status">
        <h2 className="text-xl font-bold text-stone-900">Welcome back!</h2>
        <p className="mt-2 text-stone-700">{state.message}</p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <div role="status">
        <h2 className="text-xl font-bold text-stone-900">You have been unsubscribed</h2>
        <p className="mt-2 text-stone-700">{state.message}</p>
      </div>
      <p className="text-stone-700">Changed your mind?</p>
      <Button onClick={subscribeBack} disabled={state.busy} className="self-start">
        {state.busy ? "Processing ..." : "SUBSCRIBE BACK"}
      </Button>
      {state.resubscribeError ? <Alert kind="error">{state.resubscribeError}</Alert> : null}
    </div>
  );
}
