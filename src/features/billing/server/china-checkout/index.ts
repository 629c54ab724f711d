export { closeExpiredOrders, type ClosedOrders } from "./close-expired-orders";
export { runExpiredOrdersJob, startExpiredOrdersJob } from "./expired-orders-job";
export { brandOfOrder, qrOfOrder, testQrSessionId } from "./order-qr";
export { readCheckoutOrderView } from "./order-view";
export { configuredMethods, getChinaPay, type ChinaPay } from "./rails";
export { orderPagePath, startChinaCheckout, type Payer } from "./start";
export { showLocalOrderAsQr, simulateQrScan } from "./test-qr";
export { wechatJsapiState, wechatMpOpenId } from "./payer";
export { qrImageDataUrl } from "./qr-image";
