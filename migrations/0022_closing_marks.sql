-- The track record's daily marks in live mode (decision 278). `tracked_contracts` lists the option contracts of
-- logged live ideas (written in the same batch as the log rows that name them); `closing_marks` holds, once per
-- symbol and session, the closing bid and ask of that symbol's open tracked contracts (JSON: compact OCC symbol ->
-- [bid, ask]) and the underlying's price, written by the refresh that captures the closing chains. Both are derived
-- data, not part of the hash chain; housekeeping deletes them once no ungraded idea can need them, so they stay
-- bounded by the open contracts.
CREATE TABLE `tracked_contracts` (
	`occ` text PRIMARY KEY NOT NULL,
	`symbol` text NOT NULL,
	`expiration` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tracked_contracts_expiration_idx` ON `tracked_contracts` (`expiration`);
--> statement-breakpoint
CREATE TABLE `closing_marks` (
	`symbol` text NOT NULL,
	`date` text NOT NULL,
	`underlying` real NOT NULL,
	`quotes` text NOT NULL,
	PRIMARY KEY(`symbol`, `date`)
);
--> statement-breakpoint
CREATE INDEX `closing_marks_date_idx` ON `closing_marks` (`date`);
