"use client";

import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
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
  const [keyword, setKeyword] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(keyword.trim());
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
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
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
