// Client-safe surface of the console's 订单 section. Server side: "./server".
export { OrdersFilterForm } from "./components/orders-filter-form";
export { OrdersTable } from "./components/orders-table";
export { PaymentsTable } from "./components/payments-table";
export { OrderDetailCards } from "./components/order-detail-cards";
export { RefundOrderCard } from "./components/refund-order-card";
export { ordersCopy } from "./copy";
export type { AdminOrderDetail, AdminOrdersPage } from "./types";
