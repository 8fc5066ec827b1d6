// Toasts on the public pages and the sign-in screen appear only after a form is sent, so their code loads when the
// first toast is raised.
import { subscribeToToasts } from "./use-toast";

export function mountToasterOnDemand(): void {
  let mounted = false;
  const unsubscribe = subscribeToToasts(() => {
    if (mounted) return;
    mounted = true;
    unsubscribe();
    Promise.all([import("react-dom/client"), import("./toaster")]).then(([{ createRoot }, { Toaster }]) => {
      const container = document.createElement("div");
      document.body.append(container);
      createRoot(container).render(<Toaster />);
    });
  });
}
