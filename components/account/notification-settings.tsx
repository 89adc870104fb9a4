"use client";

import { useState } from "react";
import type { NotificationType } from "@/lib/constants";
import { FormStatus, type Status } from "./form-field";
import { send } from "./send";
import { SwitchRow } from "./switch-row";

type Preferences = Record<NotificationType, boolean>;

const TYPES: { type: NotificationType; label: string; description: string }[] = [
  {
    type: "order",
    label: "Order emails",
    description: "Updates about your orders and your customers' orders.",
  },
  {
    type: "message",
    label: "Message emails",
    description:
      "Someone wrote to you, or messages wait unread (at most one email per conversation an hour).",
  },
  {
    type: "promotion",
    label: "Promotion emails",
    description: "News, offers and seasonal produce from the marketplace.",
  },
  {
    type: "term",
    label: "Terms emails",
    description: "Changes to the terms of use and the privacy policy.",
  },
  {
    type: "review_reply",
    label: "Review reply emails",
    description: "A farm replied to one of your reviews.",
  },
  {
    type: "back_in_stock",
    label: "Back-in-stock emails",
    description:
      "A sold-out product in your Dream Tracker can be ordered again (at most one email per product a week).",
  },
  {
    type: "pickup_reminder",
    label: "Pickup reminder emails",
    description: "The day before your pickup time: where and when to pick up your order.",
  },
];

/** Settings → notifications: each toggle saves at once and says so in a polite live region. */
export function NotificationSettings({ initial }: { initial: Preferences }) {
  const [preferences, setPreferences] = useState(initial);
  const [saving, setSaving] = useState<NotificationType | null>(null);
  const [status, setStatus] = useState<Status | null>(null);

  async function toggle(type: NotificationType, allow: boolean) {
    const before = preferences;
    setPreferences({ ...preferences, [type]: allow });
    setSaving(type);
    setStatus(null);
    const result = await send<{ message: string; notifications: Preferences }>(
      "/api/settings/notifications",
      {
        json: { type, allow },
      },
    );
    setSaving(null);
    if (result.ok) {
      setPreferences(result.data.notifications);
      const label = TYPES.find((t) => t.type === type)!.label;
      setStatus({ kind: "success", text: `${label} turned ${allow ? "on" : "off"}. Saved.` });
    } else {
      setPreferences(before);
      setStatus({ kind: "error", text: result.message });
    }
  }

  return (
    <div>
      <div className="divide-y divide-stone-200">
        {TYPES.map(({ type, label, description }) => (
          <SwitchRow
            key={type}
            id={`notification-${type}`}
            label={label}
            description={description}
            checked={preferences[type]}
            disabled={saving !== null}
            onCheckedChange={(checked) => void toggle(type, checked)}
          />
        ))}
      </div>
      <FormStatus status={status} className="mt-2" />
    </div>
  );
}
