// Puts a session made through the real sign-in routes (app.inject) into a browser context, skipping the sign-in form.
import type { BrowserContext } from "playwright-core";

export async function useSession(context: BrowserContext, baseUrl: string, cookieHeader: string): Promise<void> {
  const [name, ...rest] = cookieHeader.split("=");
  await context.addCookies([{ name: name ?? "", value: rest.join("="), url: baseUrl }]);
}
