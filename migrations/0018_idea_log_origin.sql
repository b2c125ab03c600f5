-- The track record's backfill (decision 266): which writer put a row in the idea log. 'cron' for the market
-- refresh's publications, 'backfill-simulated' for the operator's backfill over the simulated market's history.
-- The same label is inside each row's hashed content; this column lets the summary tell them apart without
-- parsing the content. The append-only triggers still refuse UPDATE and DELETE.
ALTER TABLE `idea_log` ADD `origin` text DEFAULT 'cron' NOT NULL;
