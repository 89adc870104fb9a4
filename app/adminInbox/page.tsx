import type { Metadata } from "next";
import Link from "next/link";
import { AdminPage } from "@/components/admin/admin-page";
import { MarkHandledButton } from "@/components/contact/mark-handled-button";
import { Pagination } from "@/components/orders/pagination";
import { cn } from "@/lib/cn";
import { contactInboxQuerySchema } from "@/lib/validation/contact-inbox";
import { requireAdmin } from "@/server/auth/guards";
import {
  CONTACT_INBOX_PAGE_SIZE,
  listContactMessages,
  type ContactMessageView,
  type ContactStatus,
} from "@/server/contact";
import { getDb } from "@/server/db/client";

export const metadata: Metadata = { title: "Contact Inbox", robots: { index: false } };

const PATH = "/adminInbox";
const TABS: { status: ContactStatus; label: string }[] = [
  { status: "open", label: "Open" },
  { status: "handled", label: "Handled" },
];
// Fixed zone, so the server's text is the same wherever it runs; the marketplace keeps Ontario time.
const DATE_TIME = new Intl.DateTimeFormat("en-CA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/Toronto",
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// adminInbox: /adminInbox (admins only; anyone else goes to the dashboard): the Contact Us
// messages, open ones first and newest first, 20 a page; "Mark handled" moves one to Handled
export default function AdminInboxPage({ searchParams }: Props) {
  return (
    <AdminPage
      title="Contact Inbox"
      lead="Messages sent through Contact Us. Reply by email, then mark them handled."
      loading="Loading messages…"
    >
      <Inbox searchParams={searchParams} />
    </AdminPage>
  );
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function hrefFor(status: ContactStatus, page: number): string {
  const query = new URLSearchParams();
  if (status !== "open") query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${PATH}?${search}` : PATH;
}

async function Inbox({ searchParams }: Props) {
  await requireAdmin();
  const params = await searchParams;
  // A hand-edited address with a bad status or page shows the first page of open messages.
  const parsed = contactInboxQuerySchema.safeParse({
    status: first(params.status),
    page: first(params.page),
  });
  const { status, page } = parsed.success ? parsed.data : { status: "open" as const, page: 1 };
  const { messages, count } = await listContactMessages(await getDb(), { status, page });
  const pageCount = Math.max(1, Math.ceil(count / CONTACT_INBOX_PAGE_SIZE));

  return (
    <div className="grid gap-6">
      <nav aria-label="Inbox lists" className="flex gap-2">
        {TABS.map((tab) => (
          <Link
            key={tab.status}
            href={hrefFor(tab.status, 1)}
            aria-current={tab.status === status ? "page" : undefined}
            className={cn(
              "focus-visible:outline-leaf-600 inline-flex h-11 items-center rounded-full px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2",
              tab.status === status
                ? "bg-leaf-700 text-white"
                : "hover:bg-leaf-50 border border-stone-300 text-stone-800",
            )}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="inbox-list-title">
        <h2 id="inbox-list-title" className="mb-4 text-xl font-bold text-stone-900">
          {status === "open" ? "Open messages" : "Handled messages"} ({count})
        </h2>
        {messages.length === 0 ? (
          <p className="rounded-2xl border border-stone-200 bg-white p-6 text-stone-700">
            {count > 0
              ? "There's no message on this page."
              : status === "open"
                ? "No open messages. Everything is handled."
                : "No handled messages yet."}
          </p>
        ) : (
          <ul className="grid gap-4">
            {messages.map((message) => (
              <li key={message.id}>
                <MessageCard message={message} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(n) => hrefFor(status, n)}
          label={status === "open" ? "Pages of open messages" : "Pages of handled messages"}
        />
      </section>
    </div>
  );
}

function MessageCard({ message }: { message: ContactMessageView }) {
  const name = `${message.firstName} ${message.lastName}`;
  return (
    <article
      aria-label={`Message from ${name}`}
      className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-bold break-words text-stone-900">{name}</h3>
          <a
            href={`mailto:${message.email}`}
            className="text-leaf-800 break-all underline underline-offset-2"
          >
            {message.email}
          </a>
          {message.memberUsername ? (
            <p className="text-sm text-stone-600">Member: {message.memberUsername}</p>
          ) : null}
        </div>
        <p className="text-sm text-stone-600">
          <time dateTime={message.createdAt}>{DATE_TIME.format(new Date(message.createdAt))}</time>
        </p>
      </header>
      {/* Text, never HTML: React escapes it; line breaks are kept. */}
      <p className="mt-3 break-words whitespace-pre-wrap text-stone-800">{message.content}</p>
      <footer className="mt-4">
        {message.handledAt ? (
          <p className="text-sm text-stone-600">
            Handled{message.handledBy ? ` by ${message.handledBy}` : ""} on{" "}
            <time dateTime={message.handledAt}>
              {DATE_TIME.format(new Date(message.handledAt))}
            </time>
          </p>
        ) : (
          <MarkHandledButton messageId={message.id} senderName={name} />
        )}
      </footer>
    </article>
  );
}
