// Retention deletes in bounded batches: one statement deletes at most `batchRows` rows (found on an index),
// and one run stops after `maxBatches`, so a backlog is worked off over a few days instead of one long run.

export interface BatchedDelete {
  batchRows: number;
  maxBatches: number;
}

export const RETENTION_BATCHES: BatchedDelete = { batchRows: 500, maxBatches: 20 };

/**
 * Calls `deleteBatch(limit)` until a batch deletes fewer rows than the limit (nothing left) or the batch
 * budget is spent. `complete` is false when rows may remain for the next run.
 */
export async function deleteInBatches(
  deleteBatch: (limit: number) => Promise<number>,
  bounds: Partial<BatchedDelete> = {},
): Promise<{ deleted: number; complete: boolean }> {
  const { batchRows, maxBatches } = { ...RETENTION_BATCHES, ...bounds };
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const n = await deleteBatch(batchRows);
    deleted += n;
    if (n < batchRows) return { deleted, complete: true };
  }
  return { deleted, complete: false };
}
