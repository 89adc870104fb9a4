import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { getDb } from "@/server/db/client";
import { isDirectLocalRequest } from "@/server/base/connection";
import { getMailboxMail, isMailboxEnabled } from "@/server/email/mailbox";

export const metadata: Metadata = { title: "Mail (demo)", robots: { index: false } };

type Props = { params: Promise<{ id: string }> };

// /dev/mailbox/{id}: one mail of the demo outbox, its HTML in a sandboxed frame (no scripts run).
export default function MailPage({ params }: Props) {
  return (
    <div className="container-page py-10">
      <Link href="/dev/mailbox" className="text-leaf-800 text-sm font-semibold underline">
        Back to the mailbox
      </Link>
      <Suspense fallback={<p className="mt-6 text-stone-600">Loading…</p>}>
        <Mail params={params} />
      </Suspense>
    </div>
  );
}

async function Mail({ params }: Props) {
  await connection();
  // Reset links and sign-in alerts are in here: only a browser on this machine, straight to this
  // server (no proxy), may read them (server/base/connection.ts).
  if (!isMailboxEnabled() || !isDirectLocalRequest(await headers())) notFound();
  const mail = await getMailboxMail(await getDb(), Number((await params).id));
  if (!mail) notFound();
  return (
    <article className="mt-4 grid gap-4">
      <h1 className="text-2xl font-extrabold">{mail.subject}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">To</dt>
        <dd>{mail.to}</dd>
        <dt className="font-semibold">Date</dt>
        <dd>
          <time dateTime={mail.createdAt.toISOString()}>
            {mail.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC
          </time>
        </dd>
        {Object.entries(mail.headers).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="font-semibold">{name}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <iframe
        title={`Email: ${mail.subject}`}
        srcDoc={mail.html}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        className="h-[36rem] w-full rounded-2xl border border-stone-200 bg-white"
      />
      <details>
        <summary className="cursor-pointer font-semibold">Plain-text version</summary>
        <pre className="mt-2 overflow-x-auto rounded-xl bg-stone-100 p-4 text-sm whitespace-pre-wrap">
          {mail.text}
        </pre>
      </details>
    </article>
  );
}
