import { describe, expect, it } from "vitest";
import { buttonVariants, cardClassNames, fieldClassName } from "../../components/ui/variants";
import { cn } from "../../lib/cn";
import { SIGN_IN_CLASSES } from "./sign-in-classes";

const tokens = (classes: string) => new Set(classes.split(/\s+/).filter(Boolean));

describe("the sign-in screen's classes", () => {
  it("are what the components/ui primitives render through cn", () => {
    const expected: Record<keyof typeof SIGN_IN_CLASSES, string> = {
      ghostButton: cn(buttonVariants({ variant: "ghost" })),
      linkButton: cn(buttonVariants({ variant: "link" })),
      submitButton: cn(buttonVariants({ size: "lg" })),
      // Input is cn("flex h-10 py-2", fieldClassName, className).
      input: cn("flex h-10 py-2", fieldClassName),
      codeInput: cn("flex h-10 py-2", fieldClassName, "h-14 text-center font-mono text-2xl tracking-[0.5em]"),
      card: cn(cardClassNames.root, "mx-auto w-full max-w-md"),
      cardHeader: cn(cardClassNames.header),
      cardTitle: cn(cardClassNames.title, "hidden lg:block"),
      cardDescription: cn(cardClassNames.description),
      cardContent: cn(cardClassNames.content),
    };
    for (const [key, classes] of Object.entries(expected)) {
      expect([key, tokens(SIGN_IN_CLASSES[key as keyof typeof SIGN_IN_CLASSES])]).toEqual([key, tokens(classes)]);
    }
  });
});
