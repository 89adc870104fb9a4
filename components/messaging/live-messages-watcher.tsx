"use client";

import { useEffect } from "react";
import { useViewerState } from "@/components/layout/viewer-context";
import { isOpenConversation, subscribeLiveMessages } from "./live-messages";

/** Several messages at once ask for the header's count once. */
const RELOAD_DELAY_MS = 150;

/**
 * Turns the header's message dot (desktop icon and mobile menu) on when a message arrives: asks
 * the viewer again, whose answer carries the unread count. A message of the conversation open on
 * the messages page is read there, which asks itself once it is marked read.
 */
export function LiveMessagesWatcher() {
  const { reload } = useViewerState();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeLiveMessages(({ conversationId, message }) => {
      if (message.mine || isOpenConversation(conversationId) || timer) return;
      timer = setTimeout(() => {
        timer = null;
        void reload();
      }, RELOAD_DELAY_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [reload]);
  return null;
}
