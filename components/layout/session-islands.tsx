"use client";

import { LazyFarmApp } from "@/components/farm-app/lazy-farm-app";
import { MyLocalLauncher } from "@/components/location/my-local-launcher";
import { LazyLiveMessages } from "@/components/messaging/lazy-live-messages";
import { LazyIdleTimer } from "@/components/session/lazy-idle-timer";
import { FooterLinks } from "./footer-links";
import { HeaderActions, HeaderActionsPlaceholder, MainNav, MainNavPlaceholder } from "./header-nav";
import { useViewerState } from "./viewer-context";

/*
 * The shell's viewer-dependent parts. The server renders the placeholders (what every role sees),
 * so the shell is the same for everyone and caches whole; the real ones replace them when
 * `GET /api/viewer` answers (viewer-context.tsx).
 */

export function HeaderActionsLive() {
  const { state } = useViewerState();
  if (state.status !== "ready") return <HeaderActionsPlaceholder />;
  const { viewer, unreadMessages, cartCounts, myLocal, menuCounts } = state.answer;
  return (
    <HeaderActions
      viewer={viewer}
      unreadMessages={unreadMessages}
      menuCounts={menuCounts}
      cartCounts={cartCounts}
      myLocal={myLocal?.initial}
    />
  );
}

export function MainNavLive() {
  const { state } = useViewerState();
  if (state.status !== "ready") return <MainNavPlaceholder />;
  return <MainNav viewer={state.answer.viewer} myLocal={state.answer.myLocal?.initial} />;
}

export function FooterLinksLive() {
  const { state } = useViewerState();
  return <FooterLinks viewer={state.status === "ready" ? state.answer.viewer : undefined} />;
}

/** The idle timer and live messages for members, and the My Local dialog's launcher for visitors and customers. */
export function SessionExtras() {
  const { state } = useViewerState();
  if (state.status !== "ready") return null;
  const { viewer, myLocal } = state.answer;
  return (
    <>
      {viewer ? <LazyIdleTimer /> : null}
      {viewer ? <LazyLiveMessages /> : null}
      <LazyFarmApp isFarm={viewer?.role === "merchant"} />
      {myLocal ? (
        <MyLocalLauncher
          initial={myLocal.initial}
          defaultCountry={myLocal.defaultCountry}
          autoOpen={myLocal.autoOpen}
        />
      ) : null}
    </>
  );
}
