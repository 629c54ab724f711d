import "server-only";

// Server side of the console's 发票 section (invoice requests; the API is in invoice-routes).
export { INVOICES_PER_PAGE, listInvoiceRequests, markInvoiceIssued, parseInvoiceStatus, type AdminInvoicePage, type AdminInvoiceRow, type InvoiceStatusFilter } from "./server/invoice-queue";
