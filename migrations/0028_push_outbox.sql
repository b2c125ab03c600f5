-- The push outbox (decision 337): one row per push to one device, delivered at once and retried by the cron's
-- drain with the email outbox's backoff. Deleted with its device, so a device the push service reported gone is
-- never sent to again.
CREATE TABLE `push_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`device_id` text NOT NULL REFERENCES `push_devices`(`id`) ON DELETE cascade,
	`history_ids` text NOT NULL,
	`payload` text NOT NULL,
	`urgency` text NOT NULL,
	`ttl_seconds` integer NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL DEFAULT 0,
	`last_status` integer,
	`next_attempt_at` integer,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `push_outbox_status_next_idx` ON `push_outbox` (`status`,`next_attempt_at`);
--> statement-breakpoint
CREATE INDEX `push_outbox_created_idx` ON `push_outbox` (`created_at`);
