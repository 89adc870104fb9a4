/** The browser's side of the messaging calls (docs/api.md, "Messages"). */
import { SUBSCRIPTION_REQUIRED } from "@/lib/constants";

export type ConversationLead = {
  conversationId: number;
  firstName: string;
  lastName: string;
  avatarImage: string | null;
  unread: 0 | 1;
  lastMessageAt: string;
};
export type MessageView = {
  id: number;
  userKey: string | null;
  message: string;
  postedOn: string;
  firstName: string;
  lastName: string;
  mine: boolean;
};
export type Page<T, C> = { results: T[]; nextCursor: C | null };
export type MessagePage = Page<MessageView, number> & {
  /** The farm's plan includes messaging: it can reply. */
  farmCanReply: boolean;
  side: "merchant" | "customer";
};

/** A failed call: its status, the server's message and field errors. */
export class CallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
  get subscriptionRequired(): boolean {
    return this.status === 403 && (this.errors.plan ?? []).includes(SUBSCRIPTION_REQUIRED);
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    credentials: "same-origin",
    cache: "no-store",
    ...init,
    headers: init.body ? { "content-type": "application/json" } : undefined,
  });
  const body = (await response.json().catch(() => ({}))) as {
    message?: string;
    errors?: Record<string, string[]>;
  };
  if (!response.ok) throw new CallError(response.status, body.message ?? "", body.errors);
  return body as T;
}

const base = (id: number) => `/api/messages/conversations/${id}`;

export const messagingApi = {
  listConversations: (cursor: string | null) =>
    call<Page<ConversationLead, string>>(
      `/api/messages/conversations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
    ),
  listMessages: (id: number, before: number | null) =>
    call<MessagePage>(`${base(id)}/messages${before ? `?before=${before}` : ""}`),
  /** Whether a farm answers by message now (its plan), asked before someone writes to it. */
  farmReply: (farm: { farmerId?: string; prodId?: number }) =>
    call<{ farmCanReply: boolean }>(
      `/api/merchants/contact?${new URLSearchParams(
        farm.prodId ? { prodId: String(farm.prodId) } : { farmerId: farm.farmerId ?? "" },
      )}`,
    ),
  send: (id: number, message: string) =>
    call<{ result: MessageView }>(`${base(id)}/messages`, {
      method: "POST",
      body: JSON.stringify({ message }),
    }),
  markRead: (id: number) => call<{ wasUnread: boolean }>(`${base(id)}/read`, { method: "POST" }),
  remove: (id: number) => call<{ message: string }>(base(id), { method: "DELETE" }),
};
