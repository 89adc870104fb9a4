"use client";

import { clsx as cx } from "clsx";
import { X } from "lucide-react";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated, useViewerState } from "@/components/layout/viewer-context";
import { Button } from "@/components/ui/button";
import { ConversationPanel } from "./conversation-panel";
import type { HeyThereState } from "./hey-there-dialog";
import { setOpenConversation, subscribeLiveMessages } from "./live-messages";
import { messagingApi, type ConversationLead, type Page } from "./messaging-api";

// The 'Hey There!' modal (Radix dialog) loads the first time it is needed, not with the page.
const HeyThereDialog = dynamic(() => import("./hey-there-dialog").then((m) => m.HeyThereDialog), {
  ssr: false,
});

const nameOf = (lead: ConversationLead) => `${lead.firstName} ${lead.lastName}`.trim();

/** The inbox's frame: the loading state takes the same place, so nothing below it moves. */
const INBOX_GRID = "grid min-h-[32rem] gap-4 md:grid-cols-[18rem_1fr]";
const BOX = "rounded-2xl border border-stone-200 bg-white";

/** What shows while the contacts load: the inbox's two boxes, empty, at their size. */
export function MessagesInboxLoading() {
  return (
    <div className={INBOX_GRID} aria-busy="true">
      <div className={`${BOX} p-5 text-stone-600`}>Loading your messages…</div>
      <div aria-hidden className={`${BOX} max-md:hidden`} />
    </div>
  );
}

/**
 * The messages page: the contacts list and the open conversation side by side, or (under 768 px)
 * one at a time with Back to List. Opening a contact clears its dot, lowers the header's count
 * and marks it read on the server; the close button deletes it through the 'Hey There!' modal.
 * New messages arrive live: their contact moves to the top with a dot, or, open, is read at once.
 */
export function MessagesInbox({ initial }: { initial: Page<ConversationLead, string> }) {
  const { reload: reloadHeader } = useViewerState();
  // The list is server-rendered: a tap before the handlers exist would open nothing.
  const hydrated = useHydrated();
  const [leads, setLeads] = useState(initial.results);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loadingMore, setLoadingMore] = useState(false);
  const [listError, setListError] = useState(false);
  const [selected, setSelected] = useState<ConversationLead | null>(null);
  const [modal, setModal] = useState<HeyThereState | null>(null);
  // Mounted from its first opening on, so Radix can close it as it always has.
  const [modalUsed, setModalUsed] = useState(false);
  if (modal !== null && !modalUsed) setModalUsed(true);
  const [toDelete, setToDelete] = useState<ConversationLead | null>(null);

  const selectedId = selected?.conversationId ?? null;
  useEffect(() => {
    setOpenConversation(selectedId);
    return () => setOpenConversation(null);
  }, [selectedId]);

  // The listener reads the list as it is now, without the list's changes resubscribing it.
  const leadsNow = useRef(leads);
  useEffect(() => {
    leadsNow.current = leads;
  }, [leads]);

  useEffect(
    () =>
      subscribeLiveMessages(({ conversationId, message }) => {
        if (!leadsNow.current.some((l) => l.conversationId === conversationId)) {
          // A new conversation, or one further down than loaded: the first page has it.
          void messagingApi
            .listConversations(null)
            .then((page) =>
              setLeads((now) => [
                ...page.results,
                ...now.filter(
                  (l) => !page.results.some((r) => r.conversationId === l.conversationId),
                ),
              ]),
            )
            .catch(() => {});
          return;
        }
        const unread = message.mine || conversationId === selectedId ? 0 : 1;
        setLeads((list) => {
          const lead = list.find((l) => l.conversationId === conversationId);
          if (!lead) return list;
          const moved = {
            ...lead,
            unread: (lead.unread || unread) as 0 | 1,
            lastMessageAt: message.postedOn,
          };
          return [moved, ...list.filter((l) => l !== lead)];
        });
      }),
    [selectedId],
  );

  // The open conversation's new message is read as it arrives.
  const readIncoming = useCallback(() => {
    if (selectedId === null) return;
    void messagingApi
      .markRead(selectedId)
      .then(() => reloadHeader())
      .catch(() => {});
  }, [selectedId, reloadHeader]);

  async function loadMore() {
    setLoadingMore(true);
    setListError(false);
    try {
      const page = await messagingApi.listConversations(cursor);
      setLeads((list) => [
        ...list,
        ...page.results.filter((r) => !list.some((l) => l.conversationId === r.conversationId)),
      ]);
      setCursor(page.nextCursor);
    } catch {
      setListError(true);
    } finally {
      setLoadingMore(false);
    }
  }

  function open(lead: ConversationLead) {
    setSelected(lead);
    if (lead.unread) {
      setLeads((list) =>
        list.map((l) => (l.conversationId === lead.conversationId ? { ...l, unread: 0 } : l)),
      );
      void messagingApi
        .markRead(lead.conversationId)
        .then(() => reloadHeader())
        .catch(() => {});
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setModal("delete_message_lead");
    try {
      await messagingApi.remove(toDelete.conversationId);
      setLeads((list) => list.filter((l) => l.conversationId !== toDelete.conversationId));
      if (selected?.conversationId === toDelete.conversationId) setSelected(null);
      setToDelete(null);
      setModal(null);
      void reloadHeader();
    } catch {
      setModal("delete_message_lead_error");
    }
  }

  return (
    <div className={INBOX_GRID}>
      <section
        aria-labelledby="contacts-heading"
        className={cx(
          "rounded-2xl border border-stone-200 bg-white p-3",
          selected ? "max-md:hidden" : null,
        )}
      >
        <h2 id="contacts-heading" className="px-2 py-1 text-lg font-bold text-stone-900">
          Contacts
        </h2>
        {leads.length === 0 ? (
          <p className="px-2 py-4 text-stone-600">No conversations yet.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-1">
            {leads.map((lead) => (
              <li key={lead.conversationId} className="flex items-center gap-1">
                <button
                  type="button"
                  disabled={!hydrated}
                  onClick={() => open(lead)}
                  aria-label={`${nameOf(lead)}${lead.unread ? ", unread" : ""}`}
                  aria-current={
                    selected?.conversationId === lead.conversationId ? "true" : undefined
                  }
                  className="hover:bg-leaf-50 aria-[current=true]:bg-leaf-50 flex min-w-0 flex-1 items-center gap-3 rounded-xl px-2 py-2 text-left"
                >
                  <span
                    aria-hidden
                    className="bg-leaf-100 text-leaf-800 flex size-10 shrink-0 items-center justify-center rounded-full font-bold uppercase"
                  >
                    {lead.firstName.slice(0, 1)}
                  </span>
                  <span className="min-w-0 flex-1 truncate font-semibold text-stone-900">
                    {nameOf(lead)}
                  </span>
                  {lead.unread ? (
                    <span aria-hidden className="bg-tomato-600 size-2.5 shrink-0 rounded-full" />
                  ) : null}
                </button>
                <button
                  type="button"
                  aria-label={`Delete conversation with ${nameOf(lead)}`}
                  disabled={!hydrated}
                  onClick={() => {
                    setToDelete(lead);
                    setModal("confirm_message_lead_deletion");
                  }}
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-900"
                >
                  <X aria-hidden className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {listError ? (
          <p role="alert" className="mt-3 px-2 text-sm text-red-700">
            Oopsy. Something went wrong. Please try it again later.
          </p>
        ) : null}
        {cursor ? (
          <div className="mt-3 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              disabled={!hydrated || loadingMore}
              onClick={() => void loadMore()}
            >
              Load More
            </Button>
          </div>
        ) : null}
      </section>

      <section
        aria-label="Conversation"
        className={cx(
          "flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white",
          selected ? null : "max-md:hidden",
        )}
      >
        {selected ? (
          <ConversationPanel
            key={selected.conversationId}
            name={nameOf(selected)}
            conversationId={selected.conversationId}
            onBack={() => setSelected(null)}
            onSubscriptionRequired={() => setModal("subscription_required")}
            onIncoming={readIncoming}
          />
        ) : (
          <p className="m-auto p-6 text-stone-600">Choose a contact to read the conversation.</p>
        )}
      </section>

      {modalUsed ? (
        <HeyThereDialog
          state={modal}
          onClose={() => {
            setModal(null);
            setToDelete(null);
          }}
          onConfirmDelete={() => void confirmDelete()}
        />
      ) : null}
    </div>
  );
}
