/** The placeholder the static shell shows while the list streams in. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      {[0, 1].map((i) => (
        <div key={i} aria-hidden className="flex animate-pulse gap-4">
          <div className="bg-earth-100 aspect-[5/4] w-20 rounded-xl sm:w-28" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <div className="h-4 w-1/2 rounded bg-stone-200" />
            <div className="h-3 w-1/3 rounded bg-stone-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
