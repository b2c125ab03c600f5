// A D1 stand-in for the Node benches that accepts every statement and stores nothing (the refresh writes;
// the wheel batches only read KV).
export class NullD1 {
  prepare() {
    const stmt = {
      bind: () => stmt,
      all: async () => ({ results: [], success: true, meta: { changes: 0 } }),
      run: async () => ({ results: [], success: true, meta: { changes: 1 } }),
      raw: async () => [],
      first: async () => null,
    };
    return stmt;
  }
  async batch(stmts: unknown[]) {
    return stmts.map(() => ({ results: [], success: true, meta: { changes: 1 } }));
  }
}
