"use client";

import { Search } from "lucide-react";
import type { FormEvent } from "react";
import { useHydrated } from "@/components/layout/use-hydrated";
import { Button } from "@/components/ui/button";
import { inputClasses } from "@/components/account/form-field";

/** The keyword box of the admin managers: a labelled search field and a Search button. */
export function AdminSearch({
  label,
  placeholder,
  busy,
  onSearch,
}: {
  label: string;
  placeholder: string;
  busy: boolean;
  onSearch: (keyword: string) => void;
}) {
  const hydrated = useHydrated();
  // Read from the form, not from state: text typed before the page hydrated counts too.
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get("keyword") ?? "").trim());
  }
  return (
    <form role="search" onSubmit={submit} className="flex max-w-2xl flex-wrap items-end gap-3">
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5">
        <label htmlFor="admin-keyword" className="text-sm font-semibold text-stone-800">
          {label}
        </label>
        <input
          id="admin-keyword"
          type="search"
          name="keyword"
          placeholder={placeholder}
          maxLength={100}
          className={inputClasses}
        />
      </div>
      <Button type="submit" disabled={!hydrated || busy}>
        <Search aria-hidden />
        {busy ? "Searching…" : "Search"}
      </Button>
    </form>
  );
}

/**
 * What the last search and action said, read out as it changes: an error (alert), a notice
 * (status) and how many were found (`summary`, once a search has answered).
 */
export function AdminSearchOutcome({
  error,
  notice,
  summary,
}: {
  error: string | null;
  notice: string | null;
  summary: string | null;
}) {
  return (
    <div aria-live="polite" className="flex flex-col gap-2">
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="text-leaf-800 font-medium">
          {notice}
        </p>
      ) : null}
      {summary ? <p className="text-stone-700">{summary}</p> : null}
    </div>
  );
}
