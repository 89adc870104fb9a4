import { PackageOpen } from "lucide-react";

/** The empty list, with the spec's words ('Hang tight! There's no order yet.' and the like). */
export function EmptyOrders({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <PackageOpen aria-hidden className="size-10 text-stone-500" strokeWidth={1.5} />
      <p className="text-lg font-semibold text-stone-800">{text}</p>
      {children}
    </div>
  );
}
