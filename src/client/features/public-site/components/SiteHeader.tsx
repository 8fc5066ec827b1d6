// The shared public header: the six page links, Download Deck and the Customer Portal button; a menu below 1280 px.
// On a pre-rendered page the menu island (islands/menu.ts) opens and closes the same markup.
import clsx from "clsx";
import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { PUBLIC_PAGES, type PublicPageKey } from "../../../../shared/public-pages";
import { buttonVariants } from "../../../components/ui/variants";
import { DownloadDeckLink } from "./cta-links";
import { Logo } from "./Logo";

type LinksLook = { list: string; link: string; current: string; other: string };

/** The links in the bar on wide screens, and in the menu below 1280 px. */
const WIDE_LINKS: LinksLook = {
  list: "flex items-center gap-1",
  link: "rounded-md px-3 py-2 text-sm font-medium transition-colors",
  current: "text-brand-700",
  other: "text-slate-700 hover:text-slate-950",
};
const MENU_LINKS: LinksLook = {
  list: "mx-auto grid max-w-7xl gap-1 px-4 py-3 sm:px-6",
  link: "block rounded-lg px-3 py-3 text-base font-medium",
  current: "bg-brand-50 text-brand-800",
  other: "text-slate-800 hover:bg-slate-50",
};

/** The six public pages, the current one marked for screen readers and by colour. */
function PageLinks({ current, look }: { current: PublicPageKey | null; look: LinksLook }) {
  return (
    <ul className={look.list}>
      {PUBLIC_PAGES.map((page) => (
        <li key={page.key}>
          <a
            href={page.path}
            aria-current={page.key === current ? "page" : undefined}
            className={clsx(look.link, page.key === current ? look.current : look.other)}
          >
            {page.navLabel}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader({ current }: { current: PublicPageKey | null }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <header
      data-island="menu"
      className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="rounded-md" aria-label="Blueprint home">
          <Logo />
        </a>

        <nav aria-label="Main" className="hidden xl:block">
          <PageLinks current={current} look={WIDE_LINKS} />
        </nav>

        <div className="flex items-center gap-2">
          <span className="hidden xl:block">
            <DownloadDeckLink size="sm" />
          </span>
          <span className="hidden sm:block">
            <a href="/auth" className={buttonVariants({ size: "sm" })}>
              Customer Portal
            </a>
          </span>
          <span className="xl:hidden">
            <button
              type="button"
              className={buttonVariants({ variant: "ghost", size: "icon" })}
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((value) => !value)}
            >
              <span className="contents" hidden={open} data-menu-icon="closed">
                <Menu aria-hidden="true" />
              </span>
              <span className="contents" hidden={!open} data-menu-icon="open">
                <X aria-hidden="true" />
              </span>
              <span className="sr-only" data-menu-label="">
                {open ? "Close menu" : "Open menu"}
              </span>
            </button>
          </span>
        </div>
      </div>

      <nav id={menuId} aria-label="Mobile" hidden={!open} className="border-t border-slate-200 bg-white xl:hidden">
        <PageLinks current={current} look={MENU_LINKS} />
        <div className="mx-auto grid max-w-7xl gap-2 border-t border-slate-100 px-4 py-4 sm:px-6">
          <a href="/auth" className={buttonVariants({ size: "lg" })}>
            Customer Portal
          </a>
          <DownloadDeckLink variant="outline" />
        </div>
      </nav>
    </header>
  );
}
