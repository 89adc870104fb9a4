import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { getDb } from "@/server/db/client";
import { isDirectLocalRequest } from "@/server/base/connection";
import { isMailboxEnabled, listMailbox } from "@/server/email/mailbox";

export const metadata: Metadata = { title: "Mailbox (demo)", robots: { index: false } };

// /dev/mailbox: the embedded demo's outgoing mail, newest first. 404 anywhere real mail flows,
// and to any request that does not come from this machine itself.
export default function MailboxPage() {
  return (
    <div className="container-page py-10">
      <h1 className="text-2xl font-extrabold">Mailbox (demo)</h1>
      <p className="mt-2 text-stone-700">
        No mail server is configured, so every email the site sends lands here instead.
      </p>
      <Suspense fallback={<p className="mt-6 text-stone-600">Loading…</p>}>
        <MailList />
      </Suspense>
    </div>
  );
}

async function MailList() {
  await connection();
  // Reset links and sign-in alerts are in here: only a browser on this machine, straight to this
  // server (no proxy), may read them (server/base/connection.ts).
  if (!isMailboxEnabled() || !isDirectLocalRequest(await headers())) notFound();
  const mails = await listMailbox(await getDb());
  if (!mails.length) return <p className="mt-6 text-stone-700">No mail yet.</p>;
  return (
    <table className="mt-6 w-full text-left text-sm">
      <caption className="sr-only">Sent emails, newest first</caption>
      <thead className="text-stone-700">
        <tr>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Subject
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            To
          </th>
          <th scope="col" className="py-2 font-semibold">
            Date
          </th>
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => (
          <tr key={mail.id} className="border-t border-stone-200">
            <td className="py-2 pr-4">
              <Link
                href={`/dev/mailbox/${mail.id}`}
                className="text-leaf-800 font-semibold underline"
              >
                {mail.subject}
              </Link>
            </td>
            <td className="py-2 pr-4">{mail.to}</td>
            <td className="py-2">
              <time dateTime={mail.createdAt.toISOString()}>
                {mail.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC
              </time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
