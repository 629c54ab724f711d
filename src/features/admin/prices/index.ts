// Client-safe surface of the console's 价格 section. Server side: "@/features/metering/server" (app prices).
export { PriceForm } from "./components/price-form";
