// A visitor's /auth and /admin (auth.html, chosen by the server when there is no valid session). The build pre-renders
// the sign-in screen into the HTML; React, the screen and its two API calls load on the visitor's first touch
// (auth-sign-in.tsx), so the page itself costs almost no JavaScript. No router, portal or toaster until needed.
import "./styles.css";
import { readPendingSignIn } from "./features/auth/pending-sign-in";
import { hydrateOnTouch } from "./lib/hydrate-on-touch";

const element = document.getElementById("root");
if (!element) throw new Error("#root is missing");
const start = () => import("./auth-sign-in");
if (readPendingSignIn()) {
  // A reload on the code step: the pre-rendered email step is not what this tab shows, so render the screen now.
  void start().then(({ startSignIn }) => {
    element.replaceChildren();
    return startSignIn(element);
  });
} else if (element.firstElementChild) {
  hydrateOnTouch(element, (typed) => start().then(({ startSignIn }) => startSignIn(element, typed)));
} else {
  void start().then(({ startSignIn }) => startSignIn(element));
}
