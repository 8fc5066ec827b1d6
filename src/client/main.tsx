// The portal's entry (index.html): everything but a visitor's sign-in screen, which has its own (auth-main.tsx).
import "./styles.css";
import { createQueryClient } from "./lib/query-client";
import { mountPortal } from "./portal";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");
mountPortal(root, createQueryClient(), { toaster: true });
