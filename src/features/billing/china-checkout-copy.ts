import type { CheckoutChoice } from "./checkout-methods";

/**
 * Chinese copy of choosing 微信支付 / 支付宝 and of the order (QR) page. The providers' own names and
 * lines (支付宝, 请使用微信扫一扫完成付款, 银行卡（Stripe）) are in their definitions (payment-providers.ts).
 */
export const chinaCheckoutCopy = {
  methods: {
    wechat_native: "微信支付（扫码）",
    wechat_h5: "微信支付",
    wechat_jsapi: "微信支付",
    alipay_page: "支付宝（网页收银台）",
    alipay_wap: "支付宝",
    alipay_qr: "支付宝（扫码）",
  } satisfies Record<Exclude<CheckoutChoice, "default">, string>,
  chooser: {
    title: "选择支付方式",
    description: (planName: string, price?: string) => (price ? `购买${planName}，应付 ${price}` : `购买${planName}`),
    pay: "去支付",
    cancel: "取消",
    jsapiNeedsWechat: "在微信内使用微信支付，需要本账号已用微信登录或绑定微信。也可以改用支付宝。",
    signInWithWechat: "去绑定微信",
    testModeNote: "测试模式：各支付方式均为模拟，不会产生真实扣款。",
  },
  order: {
    title: "扫码支付",
    waitingTitle: "确认支付结果",
    waiting: "正在确认支付结果，付款完成后本页会自动跳转…",
    qrAlt: (brand: string) => `${brand}付款二维码`,
    countdown: (left: string) => `请在 ${left} 内完成支付`,
    expired: "订单已过期",
    expiredNote: "这笔订单已超过付款时间并已关闭，不会扣款。",
    reorder: "重新下单",
    canceled: "订单已取消",
    paid: "支付成功",
    simulateScan: "模拟扫码支付",
    simulating: "正在支付…",
    simulatedNote: "测试模式：不会产生真实扣款，点击“模拟扫码支付”代替手机扫码。",
    backToBilling: "返回订阅与账单",
  },
  /** Test mode: our stand-in for the provider's own page (支付宝收银台, 微信支付 H5 / 微信内付款). */
  simulatedCashier: {
    title: (brand: string) => `${brand}付款（模拟）`,
    note: (brand: string) => `测试模式：这里代替${brand}的付款页面，不会产生真实扣款。点击“模拟支付”即可完成付款。`,
    pay: "模拟支付",
  },
  testQr: {
    title: "或模拟扫码支付",
    description: "在测试模式下体验微信支付、支付宝的扫码页面（二维码、金额和倒计时），不会产生真实扣款。",
  },
} as const;
