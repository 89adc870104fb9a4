"use client";

import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { FormField, inputClasses } from "@/components/account/form-field";
import { MessageHints, straightenInput } from "@/components/account/message-field";
import { Button } from "@/components/ui/button";
import { checkMessageText, removeDisallowed } from "@/lib/validation/message-text";
import { subscribeLiveMessages } from "./live-messages";
import { CallError, messagingApi, type MessageView } from "./messaging-api";
import { NoMessageImage } from "./no-message-image";

const FAILED = "Oopsy. Something went wrong. Please try it again later.";
// The schema (and zod, about 30 kB gzipped) loads when the composer first gets focus or the
// pointer, or at the latest on Send, not with the messages page.
const loadMessageSchema = () =>
  import("@/lib/validation/messaging").then((m) => m.conversationMessageSchema);
const preloadMessageSchema = () => void loadMessageSchema().catch(() => undefined);
const POSTED_ON = new Intl.DateTimeFormat("en-CA", { dateStyle: "medium", timeStyle: "short" });

/** Adds a message unless the list has it already (it may come both live and as the send's answer). */
const withMessage = (list: MessageView[], message: MessageView) =>
  list.some((m) => m.id === message.id) ? list : [...list, message];

/**
 * One conversation: Load Previous Messages, the bubbles, and the composer. New messages of the
 * conversation arrive live (live-messages.ts); `onIncoming` hears of the other side's.
 */
export function ConversationPanel({
  name,
  conversationId,
  onBack,
  onSubscriptionRequired,
  onIncoming,
}: {
  name: string;
  conversationId: number;
  onBack: () => void;
  onSubscriptionRequired: () => void;
  onIncoming?: () => void;
}) {
  const [messages, setMessages] = useState<MessageView[] | null>(null);
  const [before, setBefore] = useState<number | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // What the box holds, as the hints read it; the box itself stays the form's (read on Send).
  const [typed, setTyped] = useState("");
  const messageBox = useRef<HTMLTextAreaElement>(null);
  // From the first page: who the reader is here, and whether the farm's plan lets it reply.
  const [gate, setGate] = useState<{ side: "merchant" | "customer"; farmCanReply: boolean } | null>(
    null,
  );
  // Live messages that arrive while the first page loads join it when it is in.
  const arrivedEarly = useRef<MessageView[]>([]);
  const { scrollRef, onScroll, unseen, toNewest, announcement, keepPlaceAbove } =
    useFollowConversation(messages, name);

  useEffect(() => {
    let live = true;
    messagingApi
      .listMessages(conversationId, null)
      .then((page) => {
        if (!live) return;
        setMessages(arrivedEarly.current.reduce(withMessage, page.results));
        arrivedEarly.current = [];
        setBefore(page.nextCursor);
        setGate({ side: page.side, farmCanReply: page.farmCanReply });
      })
      .catch(() => live && setLoadError(true));
    return () => {
      live = false;
    };
  }, [conversationId]);

  useEffect(
    () =>
      subscribeLiveMessages((event) => {
        if (event.conversationId !== conversationId) return;
        setMessages((list) => {
          if (list !== null) return withMessage(list, event.message);
          arrivedEarly.current.push(event.message);
          return list;
        });
        if (!event.message.mine) onIncoming?.();
      }),
    [conversationId, onIncoming],
  );

  async function loadPrevious() {
    if (!before) return;
    try {
      const page = await messagingApi.listMessages(conversationId, before);
      keepPlaceAbove();
      setMessages((list) => [...page.results, ...(list ?? [])]);
      setBefore(page.nextCursor);
    } catch {
      setLoadError(true);
    }
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What is in the box when Send is pressed, read from the form: the box is not React state, so
    // no render can stand between a keystroke and the Send that follows it.
    const form = event.currentTarget;
    const message = new FormData(form).get("message");
    let checked;
    try {
      checked = (await loadMessageSchema()).safeParse({ message });
    } catch {
      setError(FAILED);
      return;
    }
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? FAILED);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const { result } = await messagingApi.send(conversationId, checked.data.message);
      setMessages((list) => withMessage(list ?? [], result));
      // The sent message often shows (live) before this answer comes: whatever was typed since
      // is the next message, and stays; only the text that was sent is cleared.
      const box = form.elements.namedItem("message");
      if (box instanceof HTMLTextAreaElement && box.value === message) {
        form.reset();
        setTyped("");
      }
    } catch (e) {
      if (e instanceof CallError && e.subscriptionRequired) onSubscriptionRequired();
      else setError((e instanceof CallError && e.errors.message?.join(" ")) || FAILED);
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <header className="flex items-center gap-2 border-b border-stone-200 p-3">
        <Button variant="ghost" size="sm" className="md:hidden" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Back to List
        </Button>
        <h2 className="truncate px-2 text-lg font-bold text-stone-900">{name}</h2>
      </header>

      <div
        ref={scrollRef}
        onScroll={onScroll}
        className="relative flex max-h-[32rem] min-h-64 flex-1 flex-col gap-3 overflow-y-auto p-4"
      >
        {before ? (
          <div className="flex justify-center">
            <Button variant="secondary" size="sm" onClick={() => void loadPrevious()}>
              Load Previous Messages
            </Button>
          </div>
        ) : null}
        {loadError ? <p className="text-red-700">{FAILED}</p> : null}
        {messages === null && !loadError ? <p className="text-stone-600">Loading…</p> : null}
        {messages?.length === 0 ? <NoMessageImage /> : null}
        {messages?.length ? (
          <ol aria-label={`Messages with ${name}`} className="flex flex-col gap-3">
            {messages.map((m) => (
              <li
                key={m.id}
                className={
                  m.mine
                    ? "bg-leaf-700 ml-auto max-w-[85%] rounded-2xl rounded-br-sm px-4 py-2.5 text-white"
                    : "mr-auto max-w-[85%] rounded-2xl rounded-bl-sm bg-stone-100 px-4 py-2.5 text-stone-900"
                }
              >
                <p className="text-sm font-semibold">
                  {m.firstName} {m.lastName}
                </p>
                {/* Rendered as text: whatever was typed never becomes markup. */}
                <p className="break-words whitespace-pre-wrap">{m.message}</p>
                <p className="mt-1 text-xs opacity-80">
                  Posted on{" "}
                  <time dateTime={m.postedOn}>{POSTED_ON.format(new Date(m.postedOn))}</time>
                </p>
              </li>
            ))}
          </ol>
        ) : null}
        {unseen > 0 ? (
          <div className="sticky bottom-0 flex justify-center">
            <Button size="sm" onClick={toNewest}>
              {unseen === 1 ? "1 new message" : `${unseen} new messages`}
            </Button>
          </div>
        ) : null}
      </div>
      {/* One polite announcement per arrival, not one per bubble in the list. */}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      {gate && !gate.farmCanReply ? <PlanGateNote side={gate.side} name={name} /> : null}
      <form
        noValidate
        onSubmit={(e) => void send(e)}
        onFocus={preloadMessageSchema}
        onPointerEnter={preloadMessageSchema}
        className="flex flex-col gap-2 border-t border-stone-200 p-3"
      >
        <FormField
          id="conversation-message"
          label="Message"
          error={error ?? undefined}
          hint={
            <MessageHints
              check={checkMessageText(typed)}
              onRemove={() => {
                const element = messageBox.current;
                if (!element) return;
                element.value = removeDisallowed(element.value);
                setTyped(element.value);
                element.focus();
              }}
            />
          }
        >
          {(props) => (
            <textarea
              {...props}
              ref={messageBox}
              rows={3}
              name="message"
              onInput={(event) => {
                const element = event.currentTarget;
                const straight = straightenInput(element);
                if (straight.text !== element.value) {
                  element.value = straight.text;
                  element.setSelectionRange(straight.caret, straight.caret);
                }
                setTyped(element.value);
              }}
              className={`${inputClasses} h-auto py-2.5`}
            />
          )}
        </FormField>
        <Button type="submit" disabled={sending} className="self-end">
          Send
        </Button>
      </form>
    </>
  );
}

/**
 * The plan gate, said when the conversation opens (issue 42, item 2): a farm on a plan without
 * messaging learns it before typing a reply (Send still meets the spec's 'Hey There!'), and its
 * customer learns that the answer may come another way; what they write is kept.
 */
function PlanGateNote({ side, name }: { side: "merchant" | "customer"; name: string }) {
  return (
    <div
      role="note"
      className="border-t border-amber-200 bg-amber-50 px-4 py-3 text-sm text-stone-800"
    >
      {side === "merchant" ? (
        <p>
          Your plan does not include messaging, so you can read {name}&apos;s messages but not reply
          yet. The Engager and Harvest plans let you reply; the messages wait for you.{" "}
          <Link href="/pricing#plans" className="text-leaf-800 font-semibold underline">
            View Plans
          </Link>
        </p>
      ) : (
        <p>
          {name} replies by message once its plan includes messaging. Your messages are kept and the
          farm is told you wrote. Meanwhile you can order from its store; once you have ordered, My
          Purchases gives the farm&apos;s email and phone.
        </p>
      )}
    </div>
  );
}

/** Within this many pixels of the end, the reader is "at the newest message". */
const AT_END_PX = 48;

/**
 * The conversation follows itself as a chat does (issue 42): it opens at the newest message, keeps
 * following while the reader is there, and when they have scrolled up to read, a new message does
 * not pull them down: a "new messages" button says how many came, and a polite live region says it
 * once for a screen reader. Loading older messages keeps the reader's place.
 */
function useFollowConversation(messages: MessageView[] | null, name: string) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const seenLast = useRef<number | null>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const [unseen, setUnseen] = useState(0);
  const [announcement, setAnnouncement] = useState("");

  const scrollToEnd = () => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
    atEnd.current = true;
  };

  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box || messages === null) return;
    if (heightBeforeOlder.current !== null) {
      // Older messages went in above: the reader stays on what they were reading.
      box.scrollTop += box.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    const last = messages.at(-1);
    const previous = seenLast.current;
    seenLast.current = last?.id ?? null;
    if (!last || last.id === previous) return;
    if (previous === null || last.mine || atEnd.current) {
      scrollToEnd();
      setUnseen(0);
    } else {
      const arrived = messages.filter((m) => m.id > previous && !m.mine).length;
      setUnseen((count) => count + arrived);
    }
    if (previous !== null && !last.mine)
      setAnnouncement(`New message from ${last.firstName || name}`.trim());
  }, [messages, name]);

  return {
    scrollRef,
    unseen,
    announcement,
    onScroll() {
      const box = scrollRef.current;
      if (!box) return;
      atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < AT_END_PX;
      if (atEnd.current) setUnseen(0);
    },
    toNewest() {
      scrollToEnd();
      setUnseen(0);
    },
    keepPlaceAbove() {
      heightBeforeOlder.current = scrollRef.current?.scrollHeight ?? null;
    },
  };
}
