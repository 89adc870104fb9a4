/** A loading indicator that screen readers announce by its label. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-stone-700">
      <span
        aria-hidden
        className="border-leaf-200 border-t-leaf-700 size-7 animate-spin rounded-full border-4 motion-reduce:animate-none"
      />
      <span>{label}</span>
    </div>
  );
}
