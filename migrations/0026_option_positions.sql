-- Spread positions a trader opened (decision 333): each
-- user's position events, append-only as the wheel ledger's (migration 0019): a correction is a new row naming the
-- one it corrects, the triggers refuse UPDATE, and DELETE while the user exists; user_seq numbers a user's events so
-- two writes from the same state cannot both land (the second is a 409).
CREATE TABLE `option_position_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`user_seq` integer NOT NULL,
	`position_id` text NOT NULL,
	`kind` text NOT NULL,
	`trade_date` text NOT NULL,
	`corrects` text,
	`event` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `option_position_events_user_seq_unique` ON `option_position_events` (`user_id`,`user_seq`);
--> statement-breakpoint
CREATE UNIQUE INDEX `option_position_events_corrects_unique` ON `option_position_events` (`user_id`,`corrects`);
--> statement-breakpoint
CREATE INDEX `option_position_events_position_idx` ON `option_position_events` (`position_id`);
--> statement-breakpoint
CREATE TRIGGER `option_position_events_no_update` BEFORE UPDATE ON `option_position_events` BEGIN SELECT RAISE(ABORT, 'option_position_events is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `option_position_events_no_delete` BEFORE DELETE ON `option_position_events`
WHEN EXISTS (SELECT 1 FROM `user` WHERE `id` = OLD.`user_id`)
BEGIN SELECT RAISE(ABORT, 'option_position_events is append-only'); END;
--> statement-breakpoint
-- The positions as their events leave them (a projection, rewritten in the same batch as each event): what the
-- refresh reads to mark held symbols first and what /positions lists. `legs` and `settings` are JSON.
CREATE TABLE `option_positions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`symbol` text NOT NULL,
	`strategy` text NOT NULL,
	`status` text NOT NULL,
	`contracts` integer NOT NULL,
	`legs` text NOT NULL,
	`open_credit` real NOT NULL,
	`opened_on` text NOT NULL,
	`expiration` text NOT NULL,
	`closed_on` text,
	`close_debit` real,
	`trade_id` text,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `option_positions_user_status_idx` ON `option_positions` (`user_id`,`status`);
--> statement-breakpoint
CREATE INDEX `option_positions_status_symbol_idx` ON `option_positions` (`status`,`symbol`);
--> statement-breakpoint
-- One closing mark per position per New York session (intraday marks are computed, not stored); kept 400 days.
CREATE TABLE `option_position_marks` (
	`position_id` text NOT NULL REFERENCES `option_positions`(`id`) ON DELETE cascade,
	`date` text NOT NULL,
	`mark` text NOT NULL,
	PRIMARY KEY(`position_id`, `date`)
);
--> statement-breakpoint
CREATE INDEX `option_position_marks_date_idx` ON `option_position_marks` (`date`);
--> statement-breakpoint
-- A position's alert state (armed flags, last firing), written only when it changes.
CREATE TABLE `option_position_alert_state` (
	`position_id` text PRIMARY KEY NOT NULL REFERENCES `option_positions`(`id`) ON DELETE cascade,
	`state` text NOT NULL,
	`updated_at` integer NOT NULL
);
