/**
 * tsx --require ./bench/lib/server-only.cjs bench/live-streams.ts [--streams 1000] [--messages 200]
 * (NODE_OPTIONS=--expose-gc for steadier memory figures): live messages under load (issue 20,
 * decision 0020). One hub (what one app instance runs) holds N idle event streams, one per
 * member; the heap and RSS growth they cost is measured; then messages are written through a
 * second pool (another instance's writes) to random connected members, one at a time, and the
 * time from the send until the recipient's stream carries it is timed (p50, p95, max).
 *
 * Runs on a fresh, migrated database of its own on the PostgreSQL at TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
 */
import "./lib/env";
import { out } from "./lib/out";
import { closeDb, createNodePgDb, type Db } from "@/server/db/client";
import { sendMessage } from "@/server/messaging";
import { MessageHub, noticeSourceFor, openMessageStream } from "@/server/messaging/live";
import pg from "pg";
import { migrateDb } from "@/server/db/migrate";
import {
  createConversation,
  createCustomer,
  createMerchant,
  createSubscription,
} from "@/server/db/seed/factories";

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} takes a whole number above 0`);
    process.exit(2);
  }
  return value;
}

if (process.argv.includes("--help")) {
  out(
    "usage: tsx --require ./bench/lib/server-only.cjs bench/live-streams.ts [--streams 1000] [--messages 200]",
  );
  process.exit(0);
}
const STREAMS = option("streams", 1000);
const MESSAGES = option("messages", 200);
const adminUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const settle = async () => {
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return process.memoryUsage();
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const name = `lpm_bench_streams_${process.pid}`;
  await admin(`create database "${name}"`);
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const instance = createNodePgDb(url, { max: 10 });
  const writer = createNodePgDb(url, { max: 4 });
  await migrateDb(instance);
  const hub = new MessageHub(instance, noticeSourceFor(instance));
  const aborts: AbortController[] = [];
  try {
    const farm = await createMerchant(writer);
    await createSubscription(writer, { memberId: farm.id, plan: "harvest" });
    const members: { id: number; conversationId: number }[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const customer = await createCustomer(writer);
      const conversation = await createConversation(writer, {
        merchantId: farm.id,
        customerId: customer.id,
      });
      members.push({ id: customer.id, conversationId: conversation.id });
    }

    const waiting = new Map<number, (at: number) => void>();
    const seenAt = new Map<number, number>();
    const before = await settle();
    for (const member of members) {
      const abort = new AbortController();
      aborts.push(abort);
      const stream = await openMessageStream({
        db: instance as Db,
        hub,
        memberId: member.id,
        lastEventId: null,
        signal: abort.signal,
      });
      const reader = stream.getReader();
      const decoder = new TextDecoder();
      void (async () => {
        for (;;) {
          const { done, value } = await reader.read().catch(() => ({ done: true, value: null }));
          if (done || !value) return;
          const text = decoder.decode(value);
          for (const match of text.matchAll(/"message":\{"id":(\d+)/g)) {
            const id = Number(match[1]);
            const at = performance.now();
            seenAt.set(id, at);
            waiting.get(id)?.(at);
          }
        }
      })();
    }
    const after = await settle();
    out(
      `${hub.streamCount} streams: heap +${mb(after.heapUsed - before.heapUsed)}, rss +${mb(after.rss - before.rss)} ` +
        `(${((after.heapUsed - before.heapUsed) / STREAMS / 1024).toFixed(1)} kB heap a stream)`,
    );

    const latencies: number[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const member = members[Math.floor(Math.random() * members.length)]!;
      const started = performance.now();
      const sent = await sendMessage(writer, {
        memberId: farm.id,
        conversationId: member.conversationId,
        body: `Message ${i}`,
      });
      // The event often comes before the send's answer does.
      const at =
        seenAt.get(sent.id) ??
        (await Promise.race([
          new Promise<number>((resolve) => waiting.set(sent.id, resolve)),
          new Promise<number>((_, reject) =>
            setTimeout(() => reject(new Error(`message ${sent.id} not delivered in 5 s`)), 5000),
          ),
        ]));
      waiting.delete(sent.id);
      latencies.push(at - started);
    }
    latencies.sort((a, b) => a - b);
    out(
      `${MESSAGES} messages to connected members among ${STREAMS} streams: ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ` +
        `max ${latencies.at(-1)!.toFixed(1)} ms (send through another pool → the recipient's stream)`,
    );
  } finally {
    aborts.forEach((abort) => abort.abort());
    await hub.close();
    await closeDb(instance);
    await closeDb(writer);
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
