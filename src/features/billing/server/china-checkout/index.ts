export { closeExpiredOrders, type ClosedOrders } from "./close-expired-orders";
export { runExpiredOrdersJob, startExpiredOrdersJob } from "./expired-orders-job";
export { brandOfOrder, orderPagePath, qrOfOrder } from "./order-qr";
export { readCheckoutOrderView } from "./order-view";
export { METHOD_NOT_OPEN, startMethodCheckout } from "./start";
export { showLocalOrderAsQr, simulateQrScan, testQrSessionId } from "../local/test-qr";
export { wechatJsapiState, wechatMpOpenId } from "./payer";
export { qrImageDataUrl } from "./qr-image";
