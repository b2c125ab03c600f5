/**
 * The one management rule (decision 266): the track record grades its `managed` rows by it and the open
 * positions' alerts default to it, so what the record measures is what a user is told to do.
 */
export const MANAGEMENT_RULE = {
  // Half the credit kept: most of a short premium's decay is earned by then, while the remaining half would
  // carry the same tail risk for the smaller reward.
  profitTakeShare: 0.5,
  // Gamma grows fast inside three weeks: close then rather than hold a small remaining credit into it.
  exitDte: 21,
  // A loss of twice the credit: the usual stop for short premium, past which the idea's premise has failed.
  lossLimitMultiple: 2,
} as const;
