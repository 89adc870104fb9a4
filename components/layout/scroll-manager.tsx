"use client";

import { usePathname } from "next/navigation";
import { useEffect, useLayoutEffect, useRef } from "react";

/**
 * Spec part 1, section 2: "Navigation scrolls to the top, or smoothly to the hash if there is one."
 *
 * Next does the first half: a route change puts the new page at the top, instantly (the
 * `data-scroll-behavior="smooth"` attribute on <html> keeps CSS smooth scrolling out of it), and
 * `scroll={false}` still opts out. In-page hash links glide through CSS `scroll-behavior: smooth`.
 * What Next does not do is glide to a hash on another page: it jumps. So after a route change to a
 * URL with a hash, this starts from the top and glides to the target.
 *
 * Back and forward keep the browser's restored position, the first load keeps the browser's own
 * hash jump, and reduced-motion users get a jump. Render it after the page content, so its layout
 * effect runs after Next's scroll handling in the same commit.
 */
export function ScrollManager() {
  const pathname = usePathname();
  const firstRender = useRef(true);
  const poppedState = useRef(false);

  useEffect(() => {
    const onPopState = () => {
      poppedState.current = true;
    };
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  useLayoutEffect(() => {
    const popped = poppedState.current;
    poppedState.current = false;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const target = popped ? null : hashTarget(window.location.hash);
    if (!target) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    target.scrollIntoView({ behavior: reduceMotion ? "instant" : "smooth", block: "start" });
  }, [pathname]);

  return null;
}

function hashTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the raw text up.
  }
  return document.getElementById(id);
}
