// The header's menu below 1280 px on a pre-rendered page: the button opens and closes the mobile navigation
// (components/SiteHeader.tsx renders both icons; Escape closes).
export function menuIsland(header: HTMLElement): void {
  const button = header.querySelector<HTMLButtonElement>("button[aria-controls]");
  const nav = button && document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!button || !nav) return;
  const label = button.querySelector("[data-menu-label]");
  const setOpen = (open: boolean) => {
    nav.toggleAttribute("hidden", !open);
    button.setAttribute("aria-expanded", String(open));
    for (const icon of button.querySelectorAll<HTMLElement>("[data-menu-icon]")) {
      const shown = icon.dataset.menuIcon === (open ? "open" : "closed");
      icon.hidden = !shown;
    }
    if (label) label.textContent = open ? "Close menu" : "Open menu";
  };
  const isOpen = () => !nav.hasAttribute("hidden");
  button.addEventListener("click", () => setOpen(!isOpen()));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isOpen()) setOpen(false);
  });
}
