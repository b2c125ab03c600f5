// An in-memory stand-in for a KV namespace in the Node benches: get (one key, or KV's bulk get of a list
// of keys answered as a Map), put, delete; counts writes and the bytes written.
export class MemoryKV {
  readonly map = new Map<string, string | ArrayBuffer>();
  bytesWritten = 0;
  writes = 0;

  async get(key: string | string[], type?: string): Promise<unknown> {
    if (Array.isArray(key)) return new Map(key.map((k) => [k, this.read(k, type)]));
    return this.read(key, type);
  }

  private read(key: string, type?: string): unknown {
    const v = this.map.get(key);
    if (v === undefined) return null;
    return type === "json" ? JSON.parse(v as string) : v;
  }

  async put(key: string, value: string | Uint8Array) {
    this.writes++;
    this.bytesWritten += typeof value === "string" ? value.length : value.byteLength;
    this.map.set(key, typeof value === "string" ? value : (value.slice().buffer as ArrayBuffer));
  }

  async delete(key: string) {
    this.map.delete(key);
  }
}
