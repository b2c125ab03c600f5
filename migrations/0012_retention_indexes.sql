-- Retention (decision 216): the daily housekeeping deletes expired rate_limit rows and finished email_outbox
-- rows oldest first, in bounded batches. These indexes let each batch find its rows without a table scan.
CREATE INDEX `rate_limit_last_request_idx` ON `rate_limit` (`last_request`);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);
