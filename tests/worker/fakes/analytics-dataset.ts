// Test-only: an Analytics Engine dataset that keeps the data points written to it, bound in place of the ANALYTICS
// binding (Miniflare's local binding accepts points and discards them, so a test cannot read them back there).
export interface RecordedDataPoint {
  indexes: string[];
  blobs: string[];
  doubles: number[];
}

export function recordingDataset(): { dataset: AnalyticsEngineDataset; points: RecordedDataPoint[] } {
  const points: RecordedDataPoint[] = [];
  const dataset: AnalyticsEngineDataset = {
    writeDataPoint(point) {
      points.push({
        indexes: (point?.indexes ?? []).map(String),
        blobs: (point?.blobs ?? []).map((b) => (b == null ? "" : String(b))),
        doubles: point?.doubles ?? [],
      });
    },
  };
  return { dataset, points };
}

/** A recorded point read back by the layout in app/server/analytics.server.ts (DATA_POINT_COLUMNS). */
export function eventOf(point: RecordedDataPoint) {
  const [name, path, anonymousId, userKey, properties, metric, rating] = point.blobs;
  return {
    index: point.indexes[0],
    name,
    path,
    anonymousId,
    userKey,
    properties: properties ? (JSON.parse(properties) as Record<string, unknown>) : null,
    metric,
    rating,
    value: point.doubles[0],
  };
}
