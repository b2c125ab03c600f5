-- The wheel ledger's expiry proposals (issue 31 item 5, decision 281): on the morning after an expiration the cron
-- proposes, for each user's short option still open past it, what the official close says happened (expired,
-- assigned, called away); the user confirms (the event is recorded through the ledger's checks) or dismisses it.
-- One row per user and option; the cron is the only writer of new rows.
CREATE TABLE `wheel_ledger_proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`option_key` text NOT NULL,
	`event` text NOT NULL,
	`settlement` real NOT NULL,
	`pin` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL CHECK (`status` IN ('pending', 'confirmed', 'dismissed')),
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wheel_ledger_proposals_user_option_unique` ON `wheel_ledger_proposals` (`user_id`, `option_key`);
