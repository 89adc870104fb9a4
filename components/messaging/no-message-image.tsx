/** The picture an empty conversation shows: an empty speech bubble over a sprout. */
export function NoMessageImage() {
  return (
    <figure className="flex flex-col items-center gap-3 py-10 text-center text-stone-600">
      <svg role="img" aria-label="No messages yet" viewBox="0 0 120 100" className="w-32">
        <path
          d="M18 14h84a10 10 0 0 1 10 10v36a10 10 0 0 1-10 10H52l-18 16V70H18A10 10 0 0 1 8 60V24a10 10 0 0 1 10-10z"
          className="fill-leaf-50 stroke-leaf-600"
          strokeWidth="3"
        />
        <circle cx="42" cy="42" r="5" className="fill-leaf-300" />
        <circle cx="60" cy="42" r="5" className="fill-leaf-300" />
        <circle cx="78" cy="42" r="5" className="fill-leaf-300" />
      </svg>
      <figcaption>No messages yet. Say hello!</figcaption>
    </figure>
  );
}
