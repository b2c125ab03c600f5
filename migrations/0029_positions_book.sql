-- The cash a trader states for their book of positions (decision 341): /positions sets the buying power in use
-- against it. One row per user, the amount null once cleared; deleted with the user.
CREATE TABLE `positions_book` (
	`user_id` text PRIMARY KEY NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`stated_cash` real,
	`updated_at` integer NOT NULL
);
