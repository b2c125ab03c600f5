-- One-shot notices about a plan change (decision 141): the watchlist trim on a downgrade writes one in the
-- same batch, the watchlist page shows it on the next visit and dismisses it with a POST.
CREATE TABLE `plan_notices` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`plan` text NOT NULL,
	`limit_value` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
