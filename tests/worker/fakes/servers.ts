// One loopback HTTP server that plays the external APIs in tests. Routes are registered by prefix
// (e.g. "/cboe/", "/finnhub/", "/resend/", "/stripe/"); each fake records the requests it saw.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fakeRoutes } from "./routes";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export type FakeHandler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

const recorded: RecordedRequest[] = [];

/** Port 0 picks a free port (the worker tests); the browser tests pass a fixed one. */
export async function startFakeServers(listenPort = 0) {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rec: RecordedRequest = {
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    if (rec.url === "/__recorded") {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(recorded));
      return;
    }
    recorded.push(rec);
    const match = Object.entries(fakeRoutes).find(([prefix]) => rec.url.startsWith(prefix));
    if (!match) {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: `no fake for ${rec.url}` }));
      return;
    }
    try {
      await match[1](rec, res);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
