"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { FormField, FormStatus, inputClasses, type Status } from "@/components/account/form-field";
import { MessageField } from "@/components/account/message-field";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { SUBSCRIPTION_REQUIRED } from "@/lib/validation/messaging";
import { FarmReplyNote } from "./farm-reply-note";

/**
 * Who the message goes to: the other party of an order (My Purchases, Customer Orders), or a farm
 * from its store or product page (a customer writing; `farmerId` is the farm's username).
 */
export type MessengerTarget = { name: string } & (
  { orderNo: string; farmer?: string } | { farmerId: string; prodId?: number }
);

function requestOf(target: MessengerTarget, message: string) {
  return "orderNo" in target
    ? {
        url: "/api/messages/orders",
        body: { orderNo: target.orderNo, farmer: target.farmer, message },
        id: `messenger-${target.orderNo}-${target.farmer ?? "customer"}`,
      }
    : {
        url: "/api/messages/farmers",
        body: { farmerId: target.farmerId, prodId: target.prodId, message },
        id: `messenger-farm-${target.farmerId}-${target.prodId ?? "store"}`,
      };
}

type Answer = { message?: string; errors?: Record<string, string[]> };

/**
 * The Messenger modal (spec part 1, Messages): 'Send Message to {name}', the recipient in a
 * disabled field, the message, Send. The message goes into the conversation of the farm and the
 * customer; a farm without a plan with messaging is told so, with View Plans.
 */
export function MessengerDialog({
  target,
  open,
  onOpenChange,
  returnFocus,
}: {
  target: MessengerTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => void;
}) {
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status | null>(null);
  const [planNeeded, setPlanNeeded] = useState(false);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setStatus(null);
    setError(undefined);
    try {
      const request = requestOf(target, message);
      const response = await fetch(request.url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request.body),
      });
      const answer = (await response.json().catch(() => ({}))) as Answer;
      if (response.ok) {
        setMessage("");
        setStatus({ kind: "success", text: answer.message ?? "Successfully Sent!" });
        return;
      }
      if (answer.errors?.plan?.includes(SUBSCRIPTION_REQUIRED)) {
        setPlanNeeded(true);
        return;
      }
      setError(answer.errors?.message?.join(" "));
      setStatus({
        kind: "error",
        text: answer.message ?? "Oopsy. Something went wrong. Please try it again later.",
      });
    } catch {
      setStatus({ kind: "error", text: "Oopsy. Something went wrong. Please try it again later." });
    } finally {
      setSending(false);
    }
  }

  const { id } = requestOf(target, "");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={planNeeded ? "Hey There!" : `Send Message to ${target.name}`}
        description={
          planNeeded
            ? "Messaging with your customers comes with the Engager and Harvest plans. Choose a plan to send and reply to messages."
            : undefined
        }
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        {planNeeded ? (
          <div className="mt-6 flex justify-end">
            <Link href="/pricing#plans" className={buttonClasses()}>
              View Plans
            </Link>
          </div>
        ) : (
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 flex flex-col gap-4">
            {"farmerId" in target ? (
              <FarmReplyNote
                farmName={target.name}
                farmerId={target.farmerId}
                prodId={target.prodId}
              />
            ) : null}
            <FormField id={`${id}-to`} label="To" error={undefined}>
              {(props) => (
                <input {...props} value={target.name} disabled className={inputClasses} />
              )}
            </FormField>
            <MessageField
              id={`${id}-message`}
              error={error}
              value={message}
              onChange={setMessage}
              rows={5}
            />
            <FormStatus status={status} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Link href="/messages" className="text-leaf-800 font-medium underline">
                Open Messages
              </Link>
              <Button type="submit" disabled={sending}>
                {sending ? "Sending…" : "Send"}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
