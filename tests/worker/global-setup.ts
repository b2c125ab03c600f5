// Node-side: start local fake servers for external HTTP APIs and hand their origins to the tests.
import type { TestProject } from "vitest/node";
import { startFakeServers } from "./fakes/servers";
import { startLoopbackPushService } from "./fakes/push-service";

declare module "vitest" {
  export interface ProvidedContext {
    fakeOrigin: string;
    /** The loopback push service (binary bodies, its own server: tests/worker/fakes/push-service.ts). */
    pushOrigin: string;
  }
}

export default async function setup(project: TestProject) {
  const fakes = await startFakeServers();
  const push = await startLoopbackPushService();
  project.provide("fakeOrigin", fakes.origin);
  project.provide("pushOrigin", push.origin);
  return async () => {
    await fakes.close();
    await push.close();
  };
}
