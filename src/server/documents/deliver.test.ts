import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { contentDisposition } from "../http/content-disposition";
import { fileNamePart, sendDocument } from "./deliver";

describe("contentDisposition", () => {
  it.each([
    [
      "plain ASCII",
      "PRJ-2026-0001-brief.pdf",
      `attachment; filename="PRJ-2026-0001-brief.pdf"; filename*=UTF-8''PRJ-2026-0001-brief.pdf`,
    ],
    [
      "accents: ASCII fallback plus the UTF-8 name",
      "NDA-Zoë-Ñúñez.pdf",
      `attachment; filename="NDA-Zoe-Nunez.pdf"; filename*=UTF-8''NDA-Zo%C3%AB-%C3%91%C3%BA%C3%B1ez.pdf`,
    ],
    [
      "quotes and backslashes never break the header",
      'a"b\\c.pdf',
      `attachment; filename="abc.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    ],
    [
      "RFC 8187 escapes ' ( ) * !",
      "it's (v2)*!.pdf",
      `attachment; filename="it's (v2)*!.pdf"; filename*=UTF-8''it%27s%20%28v2%29%2A%21.pdf`,
    ],
    ["a name with no ASCII at all", "合同.pdf", `attachment; filename=".pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C.pdf`],
  ])("%s", (_name, filename, header) => {
    expect(contentDisposition("attachment", filename)).toBe(header);
  });

  it("keeps CR and LF out of the header", () => {
    expect(contentDisposition("inline", "a\r\nSet-Cookie: x.pdf")).not.toMatch(/[\r\n]/);
  });
});

describe("fileNamePart", () => {
  it("keeps letters of any script and turns the rest into single dashes", () => {
    expect(fileNamePart("  Ada  Lovelace / Ελένη ", "Customer")).toBe("Ada-Lovelace-Ελένη");
    expect(fileNamePart("../../etc/passwd", "Customer")).toBe("etc-passwd");
    expect(fileNamePart("!!!", "Customer")).toBe("Customer");
  });
});

describe("sendDocument", () => {
  it("sends the bytes with the download name, nosniff, a sandboxing CSP and no-store", async () => {
    const app = Fastify();
    app.get("/doc", (_request, reply) =>
      sendDocument(
        reply,
        { bytes: new TextEncoder().encode("%PDF-1.7 test"), filename: "Brief é.pdf", sha256: "ab" },
        { disposition: "inline" },
      ),
    );
    const res = await app.inject({ method: "GET", url: "/doc" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("%PDF-1.7 test");
    expect(res.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="Brief e.pdf"; filename*=UTF-8''Brief%20%C3%A9.pdf`,
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
      "cache-control": "no-store",
      "x-document-sha256": "ab",
    });
    await app.close();
  });
});
