import Link from "next/link";
import { cn } from "@/lib/cn";
import { SETTINGS_SECTION_LABELS, type SettingsSection } from "./settings-sections";

/** The settings side nav (a row of tabs under 992 px); each entry is a link to `?section=...`. */
export function SettingsNav({
  sections,
  current,
}: {
  sections: readonly SettingsSection[];
  current: SettingsSection;
}) {
  return (
    <nav aria-label="Settings sections" className="min-w-0">
      <ul className="flex gap-1 overflow-x-auto lg:flex-col">
        {sections.map((section) => {
          const isCurrent = section === current;
          return (
            <li key={section}>
              <Link
                href={`/settings?section=${section}`}
                aria-current={isCurrent ? "page" : undefined}
                scroll={false}
                className={cn(
                  "flex h-10 items-center rounded-full px-4 text-[0.9375rem] font-semibold whitespace-nowrap transition-colors lg:rounded-xl",
                  isCurrent
                    ? "bg-leaf-700 text-white"
                    : "hover:bg-leaf-50 hover:text-leaf-800 text-stone-700",
                )}
              >
                {SETTINGS_SECTION_LABELS[section]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
