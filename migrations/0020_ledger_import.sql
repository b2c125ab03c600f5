-- The wheel ledger's import (decision 272). An imported event keeps the key of the file row it came from (a hash
-- of the header's signature, the row's cells and which occurrence of those cells it is), so importing the same
-- file again skips what is already there; hand-recorded events have none. A column mapping the user confirmed is
-- kept per user and header signature, and read again when a file with the same header comes back.
ALTER TABLE `wheel_ledger_events` ADD `import_key` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `wheel_ledger_events_import_key_unique` ON `wheel_ledger_events` (`user_id`,`import_key`) WHERE `import_key` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `ledger_import_mappings` (
	`user_id` text NOT NULL,
	`signature` text NOT NULL,
	`mapping` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `signature`)
);
