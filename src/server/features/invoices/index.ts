// The invoices feature as the rest of the server sees it. Re-exports only.
export { invoiceDocument, livePhaseInvoice, receiptNumberOf } from "./documents";
export { buyerParty, syncPhaseInvoices } from "./issue";
export { emailAttachment, emailPaymentReceived } from "./notify";
export { invoiceRoutes } from "./routes";
