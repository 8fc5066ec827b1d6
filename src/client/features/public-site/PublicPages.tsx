// Public marketing pages (delivered in full by the public-site issue).
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button";

function PublicPage({ title }: { title: string }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col items-start justify-center gap-6 px-6">
      <h1 className="text-4xl font-bold text-slate-900">{title}</h1>
      <p className="text-lg text-slate-600">Working software prototypes and a business requirements document in 48-96 hours.</p>
      <Link to="/auth" className={buttonVariants({ size: "lg" })}>
        Customer Portal
      </Link>
    </main>
  );
}

export const LandingPage = () => <PublicPage title="Blueprint" />;
export const AboutPage = () => <PublicPage title="About Us" />;
export const HowItWorksPage = () => <PublicPage title="How It Works" />;
export const PrototypingPage = () => <PublicPage title="Prototyping" />;
export const PricingPage = () => <PublicPage title="Pricing" />;
export const ContactPage = () => <PublicPage title="Contact Us" />;
