-- The track record's idea log (decision 265): every idea the cron publishes, frozen at its first publication in
-- each list tier, never updated or deleted (the triggers refuse both). Each row carries the hash of its content
-- and of the row before (app/lib/hash-chain.ts): prev_hash is unique, so two writers cannot fork the chain.
CREATE TABLE `idea_log` (
	`seq` integer PRIMARY KEY NOT NULL,
	`trade_id` text NOT NULL,
	`tier` integer NOT NULL,
	`profile` text NOT NULL,
	`stock_symbol` text NOT NULL,
	`strategy_type` text NOT NULL,
	`expiration_date` text NOT NULL,
	`dte` integer NOT NULL,
	`pop` real NOT NULL,
	`published_at` integer NOT NULL,
	`source` text NOT NULL,
	`content` text NOT NULL,
	`prev_hash` text NOT NULL,
	`row_hash` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idea_log_prev_hash_unique` ON `idea_log` (`prev_hash`);
--> statement-breakpoint
CREATE UNIQUE INDEX `idea_log_trade_tier_unique` ON `idea_log` (`trade_id`,`tier`);
--> statement-breakpoint
CREATE INDEX `idea_log_expiration_idx` ON `idea_log` (`expiration_date`);
--> statement-breakpoint
CREATE TRIGGER `idea_log_no_update` BEFORE UPDATE ON `idea_log` BEGIN SELECT RAISE(ABORT, 'idea_log is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `idea_log_no_delete` BEFORE DELETE ON `idea_log` BEGIN SELECT RAISE(ABORT, 'idea_log is append-only'); END;
