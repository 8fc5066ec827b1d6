// The Contact page's support button: to the portal's messages for a signed-in visitor (GET /api/session), else /auth.
export function supportLinkIsland(link: HTMLElement): void {
  const signedInHref = link.dataset.signedInHref;
  if (!signedInHref) return;
  fetch("/api/session", { credentials: "same-origin", headers: { accept: "application/json" } })
    .then((res) => (res.ok ? (res.json() as Promise<{ signedIn?: boolean }>) : null))
    .then((reply) => {
      if (reply?.signedIn) link.setAttribute("href", signedInHref);
    })
    .catch(() => {});
}
