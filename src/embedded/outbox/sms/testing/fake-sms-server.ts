import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One text a fake gateway accepted. */
export interface FakeSms {
  phone: string;
  signName: string;
  template: string;
  params: string[];
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A loopback HTTP server for a fake gateway; `close` stops it. */
export async function listenOnLoopback(handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json;charset=utf-8" }).end(JSON.stringify(body));
}

/**
 * What both fake gateways share: the texts accepted, the failures queued by tests, a loopback server.
 * A gateway answers requests in `handle`.
 */
export abstract class FakeSmsGateway {
  readonly sent: FakeSms[] = [];
  protected readonly failures: string[] = [];
  private server?: { baseUrl: string; close: () => Promise<void> };

  async start(): Promise<string> {
    this.server = await listenOnLoopback((request, response) => this.handle(request, response));
    return this.server.baseUrl;
  }

  close(): Promise<void> {
    return this.server?.close() ?? Promise.resolve();
  }

  /** The next send answers this gateway error code. */
  failNext(code: string): void {
    this.failures.push(code);
  }

  protected abstract handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}
