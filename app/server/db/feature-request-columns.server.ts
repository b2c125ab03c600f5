// A query shape two features read the same table with: the board (feedback) and the back office (admin).
import { schema } from "#app/server/db/client.server.ts";

/** The columns every list of feature requests reads, the board's and the admin's. */
export function featureRequestColumns() {
  const r = schema.featureRequests;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    votes: r.votes,
    createdAt: r.createdAt,
    userSubscriptionTier: r.userSubscriptionTier,
  };
}
