// The invoices feature as the rest of the server sees it. Re-exports only.
export { syncPhaseInvoices } from "./issue";
