// The staff feature as the rest of the server sees it: the Team tab's routes. Re-exports only.
export { staffRoutes } from "./routes";
