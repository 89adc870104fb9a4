"use client";

import { Star } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";

const SCORES = [1, 2, 3, 4, 5] as const;

/**
 * The score picker: five radio buttons drawn as stars, in a fieldset with a legend. Native radios
 * give the keyboard behaviour (Tab into the group, arrows to change); each is named "3 stars".
 * 0 means not rated yet.
 */
export function StarRatingInput({
  name,
  value,
  onChange,
  disabled = false,
  error,
  errorId,
}: {
  name: string;
  value: number;
  onChange: (score: number) => void;
  disabled?: boolean;
  error?: string | undefined;
  errorId: string;
}) {
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    // A radiogroup (allowed on a fieldset) may carry aria-invalid; a plain group may not.
    <fieldset
      role="radiogroup"
      aria-labelledby={`${name}-legend`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
      className="flex flex-col gap-1.5"
    >
      <legend id={`${name}-legend`} className="mb-1.5 text-sm font-semibold text-stone-800">
        Your rating
      </legend>
      <div className="flex items-center gap-1" onMouseLeave={() => setHovered(0)}>
        {SCORES.map((score) => (
          <label
            key={score}
            onMouseEnter={() => setHovered(score)}
            className="has-[:focus-visible]:outline-leaf-600 relative inline-flex size-11 cursor-pointer items-center justify-center rounded-full has-[:disabled]:cursor-default has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1"
          >
            <input
              type="radio"
              name={name}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              aria-label={score === 1 ? "1 star" : `${score} stars`}
              className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-default"
            />
            {/* Outlined in a dark stroke, so filled and empty stars differ by more than colour. */}
            <Star
              aria-hidden
              strokeWidth={1.5}
              className={cn(
                "size-8 transition-colors",
                score <= shown ? "fill-sun-400 text-earth-700" : "fill-transparent text-stone-500",
              )}
            />
          </label>
        ))}
        <span className="ml-2 text-sm text-stone-700" aria-hidden>
          {value ? `${value} of 5` : "Not rated"}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
