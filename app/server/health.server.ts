// What /api/health reports about the bindings it depends on.
/** Health check: one trivial query; false (not a throw) when D1 does not answer. */
export async function databaseReachable(env: { DB: D1Database }): Promise<boolean> {
  try {
    // raw SQL: the probe reads no table (drizzle selects need one), so it answers even before migrations.
    const row = await env.DB.prepare("select 1 as ok").first<{ ok: number }>();
    return row?.ok === 1;
  } catch (error) {
    console.error("health: D1 query failed", error);
    return false;
  }
}
