// The sign-in screen's classes, composed from components/ui/variants.ts without cn: tailwind-merge alone would be a
// tenth of the visitor's /auth JavaScript. Each is what the matching components/ui primitive renders (Button, Input,
// Card); sign-in-classes.test.ts checks them against cn, so a change to a recipe cannot drift apart unnoticed.
import { buttonVariants, cardClassNames, fieldClassName, inputClassName } from "../../components/ui/variants";

/** Drops one class, where the screen's own class replaces it (as tailwind-merge would). */
const without = (classes: string, name: string) =>
  classes
    .split(" ")
    .filter((c) => c !== name)
    .join(" ");

export const SIGN_IN_CLASSES = {
  ghostButton: buttonVariants({ variant: "ghost" }),
  linkButton: buttonVariants({ variant: "link" }),
  // `lg` brings text-base, which replaces the base recipe's text-sm.
  submitButton: without(buttonVariants({ size: "lg" }), "text-sm"),
  input: inputClassName,
  codeInput: `flex py-2 ${without(fieldClassName, "text-sm")} h-14 text-center font-mono text-2xl tracking-[0.5em]`,
  card: `${cardClassNames.root} mx-auto w-full max-w-md`,
  cardHeader: cardClassNames.header,
  cardTitle: `${cardClassNames.title} hidden lg:block`,
  cardDescription: cardClassNames.description,
  cardContent: cardClassNames.content,
} as const;
