/*! Blueprint feedback bridge v1 — include in a prototype to tell the portal's Testing & Feedback viewer which page
 * the tester is on and the last console errors. No dependencies; does nothing unless framed by the portal.
 * <script src="https://PORTAL/feedback-bridge.js" async></script>  (docs/feedback-bridge.md) */
(() => {
  if (window.parent === window || window.__blueprintFeedbackBridge) return;
  window.__blueprintFeedbackBridge = true;

  const script = document.currentScript;
  const portalOrigin = script?.getAttribute("data-portal-origin") || (script?.src ? new URL(script.src).origin : "");
  if (!portalOrigin) return;

  const MAX_ERRORS = 20;
  const MAX_LENGTH = 500;
  const errors = [];

  function text(value) {
    try {
      if (value instanceof Error) return `${value.name}: ${value.message}`;
      if (typeof value === "string") return value;
      return JSON.stringify(value);
    } catch (_) {
      return String(value);
    }
  }

  function remember(message) {
    errors.push({ message: String(message).slice(0, MAX_LENGTH), at: new Date().toISOString() });
    if (errors.length > MAX_ERRORS) errors.shift();
    post("state");
  }

  function post(type) {
    try {
      // Only ever to the portal's origin: another framing page never receives anything.
      window.parent.postMessage(
        {
          source: "blueprint-feedback-bridge",
          version: 1,
          type: type,
          url: location.href,
          title: document.title,
          errors: errors.slice(),
        },
        portalOrigin,
      );
    } catch (_) {
      /* the parent is not the portal: stay silent */
    }
  }

  const originalError = console.error;
  console.error = (...args) => {
    remember(args.map(text).join(" "));
    return originalError.apply(console, args);
  };
  window.addEventListener("error", (event) => {
    remember(event.error ? text(event.error) : `${event.message} (${event.filename}:${event.lineno})`);
  });
  window.addEventListener("unhandledrejection", (event) => {
    remember(`Unhandled rejection: ${text(event.reason)}`);
  });

  ["pushState", "replaceState"].forEach((name) => {
    const original = history[name];
    history[name] = function (...args) {
      const result = original.apply(this, args);
      post("state");
      return result;
    };
  });
  window.addEventListener("popstate", () => post("state"));
  window.addEventListener("hashchange", () => post("state"));

  // The portal asks for the current state when the tester opens Submit Feedback; only its origin is answered.
  window.addEventListener("message", (event) => {
    if (event.origin !== portalOrigin || event.source !== window.parent) return;
    if (event.data && event.data.source === "blueprint-portal" && event.data.type === "request-state") post("state");
  });

  post("hello");
})();
