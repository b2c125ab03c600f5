// Node-side: start local fake servers for external HTTP APIs and hand their origins to the tests.
import type { TestProject } from "vitest/node";
import { startFakeServers } from "./fakes/servers";

declare module "vitest" {
  export interface ProvidedContext {
    fakeOrigin: string;
  }
}

export default async function setup(project: TestProject) {
  const fakes = await startFakeServers();
  project.provide("fakeOrigin", fakes.origin);
  return async () => fakes.close();
}
