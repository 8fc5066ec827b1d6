// Pre-renders the shells of /terms, /privacy and /refunds (dist/client/pages/legal-<key>.html): the public frame, the
// page's heading, and between the LEGAL_BODY markers a sample article drawn by the server's own function, so the
// inlined stylesheet keeps the classes the real article uses. The server fills in the company's text per request.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { LegalPage } from "../../src/client/features/public-site/pages/LegalPage";
import { LEGAL_BODY, LEGAL_PAGES, type LegalPageKey, legalArticleHtml } from "../../src/shared/legal-pages";
import { publicPageRenderer } from "./prerender";

const SAMPLE = {
  legalName: "Sample Legal Name",
  address: "Sample address",
  countryName: "Sample country",
  governingLaw: "the sample law",
  signatoryName: "Sample Signatory",
  signatoryTitle: "Director",
  contactEmail: "legal@example.com",
  advancePercent: 50,
};

const EMPTY_BODY = '<article id="legal-body" class="mx-auto max-w-3xl px-4 pb-20 sm:px-6"></article>';

export async function prerenderLegalShells(clientDir: string): Promise<Array<{ key: LegalPageKey; html: string }>> {
  const render = publicPageRenderer(clientDir);
  return Promise.all(
    LEGAL_PAGES.map(async (page) => {
      const shell = renderToString(createElement(LegalPage, { page }));
      if (!shell.includes(EMPTY_BODY)) throw new Error("LegalPage lost its empty #legal-body article");
      // Both forms of the article (set up, and the notice before) so every class either uses is kept.
      const sample = legalArticleHtml(page, SAMPLE, "2026-01-01") + legalArticleHtml(page, null, null);
      const body = shell.replace(EMPTY_BODY, () => EMPTY_BODY.replace("></", `>${LEGAL_BODY.start}${sample}${LEGAL_BODY.end}</`));
      return { key: page.key, html: await render(page, body) };
    }),
  );
}
