import "server-only";

// Server side of the console's 订单 section (the API is in order-routes).
export { getOrderDetail } from "./server/order-detail";
export { listOrders } from "./server/order-list";
export { listAllPayments } from "./server/payment-list";
export { parseOrderQuery } from "./server/order-query";
