import type { Metadata } from "next";
import { Suspense } from "react";
import { MessagesInbox, MessagesInboxLoading } from "@/components/messaging/messages-inbox";
import { PageIntro } from "@/components/static/page-intro";
import { requireMember } from "@/server/auth/guards";
import { getDb } from "@/server/db/client";
import { listConversations } from "@/server/messaging";

export const metadata: Metadata = { title: "Messages", robots: { index: false } };

// GET /messages (signed-in only): the contacts list and the open conversation
export default function MessagesPage() {
  return (
    <>
      <PageIntro eyebrow="Your account" title="Messages" />
      <div className="container-page py-8 sm:py-12">
        <Suspense fallback={<MessagesInboxLoading />}>
          <Inbox />
        </Suspense>
      </div>
    </>
  );
}

async function Inbox() {
  const member = await requireMember("/messages");
  const initial = await listConversations(await getDb(), { memberId: member.id });
  return <MessagesInbox initial={initial} />;
}
