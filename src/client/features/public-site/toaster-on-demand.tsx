// Toasts on public pages appear only after a form is sent, so their code loads when the first toast is raised.
import { subscribeToToasts } from "../../components/ui/use-toast";

export function mountToasterOnDemand(): void {
  let mounted = false;
  const unsubscribe = subscribeToToasts(() => {
    if (mounted) return;
    mounted = true;
    unsubscribe();
    Promise.all([import("react-dom/client"), import("../../components/ui/toaster")]).then(([{ createRoot }, { Toaster }]) => {
      const container = document.createElement("div");
      document.body.append(container);
      createRoot(container).render(<Toaster />);
    });
  });
}
