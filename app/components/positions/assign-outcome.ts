// Where an assignment's outcome is said: the page, not the dialog, since the recorded assignment closes the
// position and its card (and the dialog in it) leaves the list before the wheel ledger has answered.
import { createContext } from "react";
import type { AssignOutcome } from "#app/lib/positions/assignment.ts";

export const ReportAssignment = createContext<(outcome: AssignOutcome) => void>(() => {});
