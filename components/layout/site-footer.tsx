import { cn } from "@/lib/cn";
import { linkClasses } from "./footer-links";
import { LogoMark } from "./logo";
import { getNavItems } from "./nav-items";
import { ShellLink } from "./shell-link";
import { FooterLinksLive } from "./session-islands";
import { SITE_DESCRIPTION, SITE_NAME } from "@/lib/site";

/** The footer (spec part 1, section 2): its links, Login and Register or Logout, and the data credits. */
export function SiteFooter() {
  // Always on and the same for every role, so it needs no session.
  const credits = getNavItems({ placement: "footer", viewer: undefined }).find(
    (item) => item.id === "credits",
  );
  return (
    <footer className="bg-leaf-950 text-leaf-100 mt-auto">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[minmax(0,1.2fr)_minmax(0,2fr)] md:py-14">
        <div className="max-w-sm">
          <p className="flex items-center gap-2.5 text-lg font-bold text-white">
            <LogoMark className="size-8" />
            {SITE_NAME}
          </p>
          <p className="text-leaf-200 mt-4 text-[0.9375rem] leading-relaxed">{SITE_DESCRIPTION}</p>
        </div>
        {/* Login and Register or Logout: filled in for the viewer in the browser. */}
        <FooterLinksLive />
      </div>
      <div className="border-t border-white/10">
        <div className="container-page text-leaf-200 flex flex-col gap-2 py-5 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>© {SITE_NAME}. Made for farmers, gardeners and their neighbours.</p>
          {credits?.href ? (
            <ShellLink
              href={credits.href}
              className={cn(linkClasses, "text-leaf-200 min-h-6 text-sm")}
            >
              {credits.label}
            </ShellLink>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
