/** Next.js calls this once per server process; the work itself only makes sense on Node. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./server/startup");
}
