// The NDA documents, opened or downloaded as links: the draft, the signed copy, and its download.
export const NDA_LINKS = {
  draft: "/api/nda/generate/draft",
  signed: "/api/nda/generate/signed",
  downloadSigned: "/api/nda/download/signed",
} as const;
