import type { Metadata, Viewport } from "next";
import { Suspense } from "react";
import { NoticeDialog } from "@/components/layout/notice-dialog";
import { ScrollManager } from "@/components/layout/scroll-manager";
import { SITE_DESCRIPTION, SITE_NAME } from "@/components/layout/site";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { MyLocalDialogMount } from "@/components/location/my-local-dialog-mount";
import { SessionIdleTimer } from "@/components/session/session-idle-timer";
import { siteMetadataDefaults } from "@/server/seo";
import "./globals.css";

export const metadata: Metadata = {
  // metadataBase (APP_URL), Open Graph and Twitter defaults.
  ...siteMetadataDefaults(),
  title: {
    default: `${SITE_NAME}: fresh produce from farms near you`,
    template: `%s | ${SITE_NAME}`,
  },
  description: SITE_DESCRIPTION,
  applicationName: SITE_NAME,
  icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
};

export const viewport: Viewport = {
  themeColor: "#2f6b3c",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    // data-scroll-behavior: Next turns smooth scrolling off while it changes routes (see globals.css).
    <html lang="en-CA" data-scroll-behavior="smooth">
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="bg-leaf-800 sr-only z-50 rounded-full px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
        {/* Both read the URL, which is only known per request. */}
        <Suspense fallback={null}>
          <NoticeDialog />
          <SessionIdleTimer />
        </Suspense>
        <Suspense fallback={null}>
          <ScrollManager />
        </Suspense>
        {/* Reads the session and the My Local cookies. */}
        <Suspense fallback={null}>
          <MyLocalDialogMount />
        </Suspense>
      </body>
    </html>
  );
}
