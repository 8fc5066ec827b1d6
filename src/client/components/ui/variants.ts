// Class recipes that plain elements can use too. No cn/tailwind-merge here: the public pages import this
// without pulling tailwind-merge into their bundle, so their extra classes must not conflict with these.
import { cva } from "class-variance-authority";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
        secondary: "bg-brand-50 text-brand-800 hover:bg-brand-100",
        outline: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
        ghost: "text-slate-700 hover:bg-slate-100",
        destructive: "bg-red-600 text-white hover:bg-red-700",
        link: "text-brand-700 underline-offset-4 hover:underline",
        /** On dark or brand-coloured backgrounds. */
        inverse: "bg-white text-brand-800 shadow-sm hover:bg-brand-50",
        ghostInverse: "text-white hover:bg-white/10",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-8 px-3 text-xs",
        lg: "h-12 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

/** The field look shared by inputs, textareas and native selects. */
export const fieldClassName =
  "w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-500";

/** A single-line input (components/ui/input.tsx). */
export const inputClassName = `flex h-10 py-2 ${fieldClassName}`;

/** The card's parts (components/ui/card.tsx). */
export const cardClassNames = {
  root: "rounded-xl border border-slate-200 bg-white shadow-sm",
  header: "flex flex-col gap-1.5 p-6 pb-3",
  title: "text-lg font-semibold leading-tight text-slate-900",
  description: "text-sm text-slate-600",
  content: "p-6 pt-3",
} as const;
