// 10. Get in Touch: how to reach us and how fast we answer, beside the embedded 'Send Us a Message' form.
import { CalendarClock, Clock, type LucideIcon, Mail } from "lucide-react";
import type { ReactNode } from "react";
import {
  CONTACT_REPLY_PROMISE,
  MEETING_LENGTHS,
  PUBLIC_CONTACT_EMAIL,
  RESPONSE_PROMISES,
} from "../../../../shared/constants/marketing";
import { bookingUrl } from "../../../lib/runtime-config";
import { ContactFormIsland } from "../components/contact-form-island";
import { SectionHeading } from "../components/PublicLayout";

/** One way to reach us: its icon, what it is, and the details. */
function ContactDetail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <span className="block font-semibold text-slate-950">{label}</span>
        {children}
      </div>
    </li>
  );
}

/** How to reach us. `withBookingLink` adds an inline booking link (off where a Book Discovery Call button follows). */
export function ContactDetails({ withBookingLink = true }: { withBookingLink?: boolean }) {
  return (
    <ul className="grid gap-5">
      <ContactDetail icon={Mail} label="Email">
        <a href={`mailto:${PUBLIC_CONTACT_EMAIL}`} className="text-brand-700 underline-offset-4 hover:underline">
          {PUBLIC_CONTACT_EMAIL}
        </a>
      </ContactDetail>
      <ContactDetail icon={Clock} label="Response times">
        <ul className="mt-1 grid gap-0.5 text-slate-600">
          {RESPONSE_PROMISES.map((p) => (
            <li key={p.topic}>
              {p.topic}: <span className="font-medium text-slate-900">{p.within}</span>
            </li>
          ))}
          <li>
            Every message: <span className="font-medium text-slate-900">{CONTACT_REPLY_PROMISE}</span>
          </li>
        </ul>
      </ContactDetail>
      <ContactDetail icon={CalendarClock} label="Talk to us">
        <span className="block text-slate-600">
          A {MEETING_LENGTHS.discoveryCallMinutes}-minute discovery call or a {MEETING_LENGTHS.consultationMinutes}-minute
          consultation.
          {withBookingLink && (
            <>
              {" "}
              <a
                href={bookingUrl()}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline underline-offset-4"
              >
                Book Discovery Call<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          )}
        </span>
      </ContactDetail>
    </ul>
  );
}

export function GetInTouchSection() {
  return (
    <section aria-labelledby="contact-title" className="py-20 sm:py-24" id="contact">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionHeading
            id="contact-title"
            eyebrow="Contact"
            title="Get in Touch"
            lead="Tell us what you want to build. A person, not a bot, reads every message."
            align="left"
          />
          <div className="mt-8">
            <ContactDetails />
          </div>
        </div>
        <div className="lg:col-span-3">
          <ContactFormIsland form="message" />
        </div>
      </div>
    </section>
  );
}
