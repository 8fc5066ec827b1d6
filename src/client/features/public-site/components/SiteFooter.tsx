import { Mail } from "lucide-react";
import { MARKETING_FIGURES, PUBLIC_CONTACT_EMAIL, SALES_DECK_PATH } from "../../../../shared/constants/marketing";
import { LEGAL_PAGES } from "../../../../shared/legal-pages";
import { PUBLIC_PAGES } from "../../../../shared/public-pages";
import { bookingUrl } from "../../../lib/runtime-config";
import { Logo } from "./Logo";

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Logo inverted />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-slate-400">
            Working, high-fidelity prototypes and a business requirements document in {MARKETING_FIGURES.deliveryRange}, so you
            validate your software idea before you pay for full development.
          </p>
          <a
            href={`mailto:${PUBLIC_CONTACT_EMAIL}`}
            className="mt-5 inline-flex items-center gap-2 text-sm font-medium text-white hover:underline"
          >
            <Mail className="size-4" aria-hidden="true" />
            {PUBLIC_CONTACT_EMAIL}
          </a>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-white">Explore</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            {PUBLIC_PAGES.map((page) => (
              <li key={page.key}>
                <a href={page.path} className="hover:text-white hover:underline">
                  {page.navLabel}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">Get started</h2>
          <ul className="mt-4 grid gap-2 text-sm">
            <li>
              <a href="/auth" className="hover:text-white hover:underline">
                Customer Portal
              </a>
            </li>
            <li>
              <a href="/auth" className="hover:text-white hover:underline">
                Start Your Project
              </a>
            </li>
            <li>
              <a href={bookingUrl()} target="_blank" rel="noopener noreferrer" className="hover:text-white hover:underline">
                Book Discovery Call<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={SALES_DECK_PATH} download className="hover:text-white hover:underline">
                Download Deck<span className="sr-only"> (PDF)</span>
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {MARKETING_FIGURES.foundedYear}–{new Date().getFullYear()} Blueprint. Prototypes built under NDA. Founded in{" "}
            {MARKETING_FIGURES.foundedYear}.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {LEGAL_PAGES.map((page) => (
                <li key={page.key}>
                  <a href={page.path} className="hover:text-white hover:underline">
                    {page.heading}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
