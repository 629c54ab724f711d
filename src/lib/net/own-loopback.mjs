// @ts-check
/**
 * A port that reaches this process and no other. A process sends requests to itself (the listings'
 * revalidation: src/features/marketing/listing-revalidation.ts), but under node:cluster the shared port
 * hands each connection to whichever worker is next. So a worker also listens on an ephemeral
 * 127.0.0.1 port of its own (`exclusive`: not shared through the primary) and passes those connections
 * to the same server, with its limits and its view of the visitor's address.
 */
import { createServer } from "node:net";

/**
 * @param {import("node:http").Server} server
 * @returns {Promise<{ origin: string, close: () => void }>}
 */
export function listenOnOwnLoopback(server) {
  const own = createServer((socket) => server.emit("connection", socket));
  return new Promise((resolve, reject) => {
    own.once("error", reject);
    own.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
      const address = own.address();
      if (typeof address !== "object" || !address) return reject(new Error("no loopback address"));
      // Nothing but this process's own requests use it: it must not keep a stopping process alive.
      own.unref();
      resolve({ origin: `http://127.0.0.1:${address.port}`, close: () => own.close() });
    });
  });
}
