-- The watchlist's symbols, copied onto the user row as a JSON array in the user's order (decision 209). Every
-- signed-in request already reads the user row with its session (one joined query), so the trade ideas and
-- wheels read the watchlist from there instead of with a second query. The copy is kept by triggers, in the
-- same statement as each change to watchlist_symbols, whoever writes it (the watchlist module, the plan-change
-- trim, account deletion, the seed): it can never disagree with the table.
ALTER TABLE `user` ADD `watchlist_symbols_json` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
UPDATE `user` SET `watchlist_symbols_json` = COALESCE(
  (SELECT json_group_array(`symbol`) FROM (
     SELECT `symbol` FROM `watchlist_symbols` w WHERE w.`user_id` = `user`.`id` ORDER BY w.`position`, w.`symbol`)),
  '[]');
--> statement-breakpoint
CREATE TRIGGER `watchlist_copy_after_insert` AFTER INSERT ON `watchlist_symbols` BEGIN
  UPDATE `user` SET `watchlist_symbols_json` = (SELECT json_group_array(`symbol`) FROM (
    SELECT `symbol` FROM `watchlist_symbols` WHERE `user_id` = NEW.`user_id` ORDER BY `position`, `symbol`))
  WHERE `id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `watchlist_copy_after_delete` AFTER DELETE ON `watchlist_symbols` BEGIN
  UPDATE `user` SET `watchlist_symbols_json` = (SELECT json_group_array(`symbol`) FROM (
    SELECT `symbol` FROM `watchlist_symbols` WHERE `user_id` = OLD.`user_id` ORDER BY `position`, `symbol`))
  WHERE `id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `watchlist_copy_after_update` AFTER UPDATE ON `watchlist_symbols` BEGIN
  UPDATE `user` SET `watchlist_symbols_json` = (SELECT json_group_array(`symbol`) FROM (
    SELECT `symbol` FROM `watchlist_symbols` WHERE `user_id` = OLD.`user_id` ORDER BY `position`, `symbol`))
  WHERE `id` = OLD.`user_id`;
  UPDATE `user` SET `watchlist_symbols_json` = (SELECT json_group_array(`symbol`) FROM (
    SELECT `symbol` FROM `watchlist_symbols` WHERE `user_id` = NEW.`user_id` ORDER BY `position`, `symbol`))
  WHERE `id` = NEW.`user_id` AND NEW.`user_id` IS NOT OLD.`user_id`;
END;
