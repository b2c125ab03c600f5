-- Notifications dispatcher (issue 15, decision 090): who is due when, threshold alert state, the
-- outbox row each alert went out in, and extra email headers (List-Unsubscribe).
ALTER TABLE `notification_preferences` ADD `enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `notification_preferences` ADD `time_zone` text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE `notification_preferences` ADD `next_run_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `notification_preferences` ADD `last_run_at` integer;--> statement-breakpoint
CREATE INDEX `notification_preferences_due_idx` ON `notification_preferences` (`enabled`,`next_run_at`);--> statement-breakpoint
ALTER TABLE `notification_history` ADD `outbox_id` text;--> statement-breakpoint
CREATE INDEX `notification_history_outbox_idx` ON `notification_history` (`outbox_id`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
CREATE TABLE `notification_alert_state` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`armed` integer DEFAULT true NOT NULL,
	`last_value` real,
	`last_fired_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
