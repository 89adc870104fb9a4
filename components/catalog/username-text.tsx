import { Fragment } from "react";

/**
 * A username that may wrap after its underscores ("champlain_ / maple_ / bees") rather than in the
 * middle of a word; the text (and so a link's name) stays the username.
 */
export function UsernameText({ name }: { name: string }) {
  const parts = name.split("_");
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              _<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}
