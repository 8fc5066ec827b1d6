// The portal's entry (index.html): everything but a visitor's sign-in screen, which has its own (auth-main.tsx).
import "./styles.css";
import "./lib/zod-jitless";
import { mountToasterOnDemand } from "./components/ui/toaster-on-demand";
import { seedCurrentUser } from "./features/auth/api/get-current-user";
import { takePreloadedReads } from "./first-reads";
import { createQueryClient } from "./lib/query-client";
import { mountPortal } from "./portal";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");
const queryClient = createQueryClient();
// A signed-in user's HTML carries the user (src/server/http/web.ts): the first render needs no GET /api/auth/user.
seedCurrentUser(queryClient);
// Toasts appear only after something happens, so the toaster's code loads with the first one.
mountToasterOnDemand();
await takePreloadedReads(queryClient);
mountPortal(root, queryClient);
