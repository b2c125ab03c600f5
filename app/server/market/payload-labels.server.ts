// Where the engine's results become payloads, the words the payloads ship beside its codes and numbers are
// attached (decision 323): the engine imports nothing outside app/engine, and these words live in
// app/lib/model-labels.ts with the other product text. The content a reader gets is the same as when the engine
// wrote them.
import type {
  Assumptions,
  CcCandidate,
  CspCandidate,
  EventFlags,
  MarketEvent,
  SpreadIdea,
} from "#app/engine/index.ts";
import {
  CC_ITM_METHOD,
  EVENT_TITLES,
  FILL_BASIS_LABEL,
  MODEL_DESCRIPTION,
  PROBABILITY_LABEL,
  WIN_PROBABILITY_METHOD,
  type LabelledSpreadIdea,
  type LabelledWheelCandidate,
  type ModelAssumptions,
} from "#app/lib/model-labels.ts";

export function withModel(assumptions: Assumptions): ModelAssumptions {
  return { ...assumptions, model: MODEL_DESCRIPTION };
}

/** The earnings and ex-dividend events the engine finds in a chain get their titles; the calendar's have theirs. */
function titled(events: EventFlags): EventFlags {
  if (events.list.every((e) => e.title !== undefined)) return events;
  return {
    ...events,
    list: events.list.map((e): MarketEvent => {
      if (e.title !== undefined) return e;
      const title = e.kind === "EARNINGS" || e.kind === "EX_DIVIDEND" ? EVENT_TITLES[e.kind] : undefined;
      return title === undefined ? e : { ...e, title };
    }),
  };
}

export function labelSpreadIdea(idea: SpreadIdea): LabelledSpreadIdea {
  return {
    ...idea,
    fill_basis_label: FILL_BASIS_LABEL,
    probability_label: PROBABILITY_LABEL,
    assumptions: withModel(idea.assumptions),
    events: titled(idea.events),
  };
}

/**
 * Labels a screen's candidates in place (they are the screen's fresh objects; a copy of objects this size costs
 * ~10x more): the fill basis's words, where the win and in-the-money probabilities come from (a covered call's
 * in-the-money one is the |delta| approximation), the model, the events' titles.
 */
export function labelWheelCandidates<C extends CspCandidate | CcCandidate>(
  candidates: C[],
): LabelledWheelCandidate<C>[] {
  const models = new Map<Assumptions, ModelAssumptions>();
  return candidates.map((c) => {
    let assumptions = models.get(c.assumptions);
    if (!assumptions) models.set(c.assumptions, (assumptions = withModel(c.assumptions)));
    return Object.assign(c, {
      fill_basis_label: FILL_BASIS_LABEL,
      winProbabilityMethod: WIN_PROBABILITY_METHOD,
      probabilityITMMethod: c.type === "CC" ? CC_ITM_METHOD : WIN_PROBABILITY_METHOD,
      assumptions,
      events: titled(c.events),
    });
  });
}
