// Client-safe surface of the console's 发票 section. Server side: "./server".
export { invoicesCopy } from "./copy";
export { InvoicesTable } from "./components/invoices-table";
