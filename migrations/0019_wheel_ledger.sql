-- The wheel campaign ledger (decision 270): each user's events, append-only. A correction is a new row naming the
-- one it corrects; the triggers refuse UPDATE, and DELETE while the user exists (account deletion removes the user
-- row first, then these rows, in one batch). user_seq numbers a user's events 1, 2, 3...: a write names the next
-- number, so two writes from the same ledger state cannot both land.
CREATE TABLE `wheel_ledger_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`user_seq` integer NOT NULL,
	`symbol` text NOT NULL,
	`kind` text NOT NULL,
	`trade_date` text NOT NULL,
	`corrects` text,
	`event` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wheel_ledger_events_user_seq_unique` ON `wheel_ledger_events` (`user_id`,`user_seq`);
--> statement-breakpoint
CREATE UNIQUE INDEX `wheel_ledger_events_corrects_unique` ON `wheel_ledger_events` (`user_id`,`corrects`);
--> statement-breakpoint
CREATE TRIGGER `wheel_ledger_events_no_update` BEFORE UPDATE ON `wheel_ledger_events` BEGIN SELECT RAISE(ABORT, 'wheel_ledger_events is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `wheel_ledger_events_no_delete` BEFORE DELETE ON `wheel_ledger_events`
WHEN EXISTS (SELECT 1 FROM `user` WHERE `id` = OLD.`user_id`)
BEGIN SELECT RAISE(ABORT, 'wheel_ledger_events is append-only'); END;
