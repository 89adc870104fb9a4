"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { inputClasses } from "@/components/account/form-field";
import { send } from "@/components/account/send";
import { Button } from "@/components/ui/button";
import { REVIEW_SUCCESS_HIDE_MS } from "@/lib/constants";
import { cn } from "@/lib/cn";
import { StarRatingInput } from "./star-rating-input";
import { REVIEW_FAILURE_MESSAGE, type ReviewView, type SaveReviewAnswer } from "./types";

type Fields = "score" | "reviewContent";
type Status = { kind: "success" | "error"; text: string };

/** Where a visitor goes to sign in, coming back to this product afterwards. */
export function reviewLoginHref(productId: number): string {
  return `/login?${new URLSearchParams({ redirect: `/products/${productId}` }).toString()}`;
}

/**
 * Write, update, delete or clear the member's review (spec part 1 sections 2, 4, 5 and 8). The
 * button reads "Update A Review" once the member has a review, which prefills the form. Messages
 * are the spec's; a success is announced and hides after 2 s. A visitor's submit goes to login.
 * The zod schema shared with the server is loaded on the first submit, keeping it out of the
 * page's first load.
 */
export function ReviewForm({
  productId,
  signedIn,
  ready,
  myReview,
  onSaved,
  onDeleted,
}: {
  productId: number;
  /** False for a visitor: the form sends them to login. */
  signedIn: boolean;
  /** False until the page knows who is looking. */
  ready: boolean;
  myReview: ReviewView | null;
  onSaved: (review: ReviewView) => void;
  onDeleted: (reviewId: number) => void;
}) {
  const router = useRouter();
  const ids = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [score, setScore] = useState(myReview?.score ?? 0);
  const [content, setContent] = useState(myReview?.review ?? "");
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [status, setStatus] = useState<Status | null>(null);
  const [pending, setPending] = useState<"save" | "delete" | null>(null);
  const loginHref = reviewLoginHref(productId);

  useEffect(() => {
    if (status?.kind !== "success") return;
    const timer = window.setTimeout(() => setStatus(null), REVIEW_SUCCESS_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  function showErrors(next: Partial<Record<Fields, string>>) {
    setErrors(next);
    if (next.score)
      formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
    else if (next.reviewContent) textareaRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || pending) return;
    if (!signedIn) {
      router.push(loginHref);
      return;
    }
    setStatus(null);
    const { reviewSchema } = await import("@/lib/validation/reviews");
    const parsed = reviewSchema.safeParse({
      productId,
      reviewId: myReview?.id ?? null,
      score,
      reviewContent: content,
    });
    if (!parsed.success) {
      const next: Partial<Record<Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "score" || field === "reviewContent") && !next[field])
          next[field] = issue.message;
      }
      showErrors(next);
      return;
    }
    setErrors({});
    setPending("save");
    const result = await send<SaveReviewAnswer>("/api/reviews", { json: parsed.data });
    setPending(null);
    if (result.ok) {
      setScore(result.data.review.score);
      setContent(result.data.review.review);
      setStatus({ kind: "success", text: result.data.message });
      onSaved(result.data.review);
      router.refresh();
      return;
    }
    if (result.status === 401) {
      router.push(loginHref);
      return;
    }
    const { score: scoreError, reviewContent: contentError } = result.fieldErrors;
    if (result.status === 422 && (scoreError || contentError))
      showErrors({ score: scoreError, reviewContent: contentError });
    else setStatus({ kind: "error", text: REVIEW_FAILURE_MESSAGE });
  }

  async function remove() {
    if (!myReview || pending) return;
    setStatus(null);
    setPending("delete");
    const result = await send<{ message: string }>(`/api/reviews/${myReview.id}`, {
      method: "DELETE",
    });
    setPending(null);
    if (!result.ok) {
      if (result.status === 401) router.push(loginHref);
      else setStatus({ kind: "error", text: REVIEW_FAILURE_MESSAGE });
      return;
    }
    setScore(0);
    setContent("");
    setErrors({});
    setStatus({ kind: "success", text: result.data.message });
    onDeleted(myReview.id);
    router.refresh();
  }

  function clear() {
    setScore(0);
    setContent("");
    setErrors({});
    setStatus(null);
  }

  const contentErrorId = `${ids}-content-error`;
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      // Without JavaScript a visitor's submit still reaches login and comes back here.
      action="/login"
      method="get"
      noValidate
      aria-label="Your review"
      aria-busy={pending !== null}
      className="flex flex-col gap-5 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
    >
      <input type="hidden" name="redirect" value={`/products/${productId}`} />
      <h3 className="text-lg font-bold">{myReview ? "Your review" : "Write a review"}</h3>
      {myReview?.hidden ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-stone-800">
          Our moderators hid your review, so others no longer see it. You can still edit or delete
          it; if you think this is a mistake, please contact us.
        </p>
      ) : null}
      {ready && !signedIn ? (
        <p className="text-sm text-stone-700">
          <a
            href={loginHref}
            className="text-leaf-800 hover:text-leaf-900 font-semibold underline underline-offset-4"
          >
            Log in
          </a>{" "}
          to write a review.
        </p>
      ) : null}

      <StarRatingInput
        name={`${ids}-score`}
        value={score}
        onChange={(next) => {
          setScore(next);
          setErrors((e) => ({ ...e, score: undefined }));
        }}
        disabled={pending !== null}
        error={errors.score}
        errorId={`${ids}-score-error`}
      />

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-content`} className="text-sm font-semibold text-stone-800">
          Review
        </label>
        <textarea
          ref={textareaRef}
          id={`${ids}-content`}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          rows={5}
          disabled={pending !== null}
          aria-invalid={errors.reviewContent ? true : undefined}
          aria-describedby={errors.reviewContent ? contentErrorId : undefined}
          placeholder="What did you think of it?"
          className={cn(inputClasses, "h-auto min-h-32 py-3 leading-relaxed")}
        />
        {errors.reviewContent ? (
          <p id={contentErrorId} className="text-sm font-medium text-red-700">
            {errors.reviewContent}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!ready || pending !== null} aria-busy={pending === "save"}>
          {myReview ? "Update A Review" : "Write A Review"}
        </Button>
        {myReview ? (
          <Button
            variant="secondary"
            disabled={pending !== null}
            aria-busy={pending === "delete"}
            onClick={() => void remove()}
          >
            Delete
          </Button>
        ) : null}
        {signedIn ? (
          <Button variant="ghost" disabled={pending !== null} onClick={clear}>
            Clear
          </Button>
        ) : null}
      </div>

      <p role="status" aria-live="polite" className="text-leaf-800 min-h-6 text-sm font-semibold">
        {status?.kind === "success" ? status.text : ""}
      </p>
      {status?.kind === "error" ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {status.text}
        </p>
      ) : null}
    </form>
  );
}
