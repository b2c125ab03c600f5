-- The track record's grades (decision 265): one row per logged idea, management rule and fill, appended by the
-- grading job once the settlement is known, never updated or deleted (the triggers refuse both). A symbol that
-- stopped trading is graded 'no-settlement' with no P&L: it stays in the record.
CREATE TABLE `idea_grade` (
	`log_seq` integer NOT NULL,
	`rule` text NOT NULL,
	`fill` text NOT NULL,
	`status` text NOT NULL,
	`graded_at` integer NOT NULL,
	`settlement_date` text NOT NULL,
	`settlement` real,
	`settlement_kind` text NOT NULL,
	`pnl` real,
	`risk` real NOT NULL,
	`win` integer,
	`shorts_otm` integer,
	`pin` integer NOT NULL,
	`assigned` integer NOT NULL,
	`called_away` integer NOT NULL,
	`exit` text NOT NULL,
	`closed_on` text,
	PRIMARY KEY(`log_seq`, `rule`, `fill`),
	FOREIGN KEY (`log_seq`) REFERENCES `idea_log`(`seq`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TRIGGER `idea_grade_no_update` BEFORE UPDATE ON `idea_grade` BEGIN SELECT RAISE(ABORT, 'idea_grade is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `idea_grade_no_delete` BEFORE DELETE ON `idea_grade` BEGIN SELECT RAISE(ABORT, 'idea_grade is append-only'); END;
