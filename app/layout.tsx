import type { Metadata, Viewport } from "next";
import { Suspense } from "react";
import { IconSprite } from "@/components/icons/icon-sprite";
import { NoticeDialog } from "@/components/layout/notice-dialog";
import { ScrollManager } from "@/components/layout/scroll-manager";
import { SITE_DESCRIPTION, SITE_NAME } from "@/lib/site";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SessionExtras } from "@/components/layout/session-islands";
import { ViewerProvider } from "@/components/layout/viewer-context";
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
  icons: {
    icon: { url: "/favicon.svg", type: "image/svg+xml" },
    apple: { url: "/icons/apple-touch-icon.png", sizes: "180x180" },
  },
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
        {/* The cards' icons, once per page; each card refers to them with <use>. */}
        <IconSprite />
        {/* The shell is the same HTML for everyone, so public pages are cached whole: what depends
            on the viewer (menus, badges, idle timer, My Local) comes from one GET /api/viewer. */}
        <ViewerProvider>
          <SiteHeader />
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <SiteFooter />
          {/* Reads the query string, in the browser only. */}
          <NoticeDialog />
          <Suspense fallback={null}>
            <ScrollManager />
          </Suspense>
          <SessionExtras />
        </ViewerProvider>
      </body>
    </html>
  );
}
