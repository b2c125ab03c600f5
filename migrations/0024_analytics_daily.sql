-- First-party client events moved to Workers Analytics Engine (decision 284): D1 keeps the daily counts per event
-- name and path, rolled up each night from Analytics Engine's SQL API by the analyticsRollup job, replacing a day's
-- rows whole (idempotent). analytics_events keeps only the server's business events (sign-up, checkout, purchase);
-- its 13-month retention delete becomes a range on created_at instead of a scan of the table.
CREATE TABLE `analytics_daily` (
  `day` text NOT NULL,
  `name` text NOT NULL,
  `path` text DEFAULT '' NOT NULL,
  `events` integer NOT NULL,
  `updated_at` integer NOT NULL,
  PRIMARY KEY(`day`, `name`, `path`)
);
--> statement-breakpoint
CREATE INDEX `analytics_events_created_idx` ON `analytics_events` (`created_at`);
