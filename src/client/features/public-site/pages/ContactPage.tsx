// /contact: the long project inquiry form, how to reach us, and the support button.
import { LifeBuoy } from "lucide-react";
import { MARKETING_FIGURES } from "../../../../shared/constants/marketing";
import { SUPPORT_LINK } from "../../../../shared/public-pages";
import { buttonVariants } from "../../../components/ui/variants";
import { useSignedIn } from "../api/get-session";
import { ContactFormIsland } from "../components/contact-form-island";
import { BookCallLink } from "../components/cta-links";
import { PageHero } from "../components/PageHero";
import { PublicLayout } from "../components/PublicLayout";
import { ContactDetails } from "../sections/GetInTouchSection";

function SupportCard() {
  const signedIn = useSignedIn();
  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-950">
        <LifeBuoy className="size-5 text-brand-700" aria-hidden="true" />
        Already a customer?
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">
        Message your project team from the portal; support answers within 2-4 hours.
      </p>
      <a
        href={signedIn ? SUPPORT_LINK.signedIn : SUPPORT_LINK.signedOut}
        data-support-link={SUPPORT_LINK.signedIn}
        className={`${buttonVariants({ variant: "outline" })} mt-4 w-full`}
        data-testid="support-button"
      >
        Contact Support
      </a>
    </div>
  );
}

export default function ContactPage() {
  return (
    <PublicLayout page="contact">
      <PageHero
        eyebrow="Contact Us"
        title="Let's talk about what you want to build"
        lead={`Send us your idea and we will reply within ${MARKETING_FIGURES.responseHours} hours, usually much sooner. Prefer to talk? Book a call.`}
      />
      <section aria-label="Contact form and details" className="pb-20 sm:pb-24">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <ContactFormIsland form="inquiry" />
          </div>
          <aside aria-label="Other ways to reach us" className="grid content-start gap-6">
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 className="text-lg font-semibold text-slate-950">Reach us directly</h2>
              <div className="mt-5">
                <ContactDetails withBookingLink={false} />
              </div>
              <BookCallLink className="mt-6 w-full" size="default" />
            </div>
            <SupportCard />
          </aside>
        </div>
      </section>
    </PublicLayout>
  );
}
