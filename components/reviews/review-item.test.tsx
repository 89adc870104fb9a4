import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

// Rendered outside the app router: the queue's refresh after an action is not exercised here.
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => {} }) }));
import { ModerationQueue } from "@/components/admin/moderation-queue";
import { ReviewItem } from "./review-item";
import type { ReviewView } from "./types";

// Issue 44, "Bad input and abuse": review and reply text with markup is shown as text. The
// validation refuses `<` and `>` in new texts; older texts, the seed or a bypassed check must not
// become markup anyway, on the product page and in the moderation queue.
const MARKUP = `<b>bold</b> <script>alert("x")</script> <img src=x onerror=alert(1)>`;
const ESCAPED = `&lt;b&gt;bold&lt;/b&gt; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;`;

const REVIEW: ReviewView = {
  id: 9,
  username: "robin_ash",
  avatar_image: null,
  score: 4,
  review: MARKUP,
  created_on: "2026-11-02T15:00:00.000Z",
  author: false,
  verified_buyer: true,
  reply: {
    farm: "maple_ridge_farm",
    reply: MARKUP,
    created_on: "2026-11-03T15:00:00.000Z",
    updated_on: "2026-11-03T15:00:00.000Z",
  },
  hidden: false,
};

describe("markup in a review or reply", () => {
  it("is shown as text under the review, with the farm's name on its reply", () => {
    const html = renderToStaticMarkup(
      <ReviewItem review={REVIEW} actions={{ canReport: true, canReply: false }} />,
    );
    expect(html.split(ESCAPED)).toHaveLength(3);
    expect(html).not.toMatch(/<(b|script|img src=x)[ >]/);
    expect(html).toContain('aria-label="Reply from maple_ridge_farm"');
  });

  it("is shown as text in the moderation queue", () => {
    const html = renderToStaticMarkup(
      <ModerationQueue
        view="reported"
        items={[
          {
            reviewId: 9,
            target: "review",
            productId: 3,
            productName: "Honeycrisp",
            text: MARKUP,
            score: 1,
            author: "robin_ash",
            hiddenAt: null,
            writtenAt: "2026-11-02T15:00:00.000Z",
            reports: [
              { reason: "offensive", reporter: "maya", at: "2026-11-04T15:00:00.000Z", open: true },
            ],
            history: { written: 1, hidden: 0, reported: 1, memberSince: "2026-01-01T00:00:00Z" },
          },
        ]}
      />,
    );
    expect(html).toContain(ESCAPED);
    expect(html).not.toMatch(/<(b|script|img src=x)[ >]/);
  });
});
