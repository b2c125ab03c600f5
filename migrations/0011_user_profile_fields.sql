-- A user's display name and picture are always text within their limits (decision 210), whoever writes the row.
-- D1 stores a JSON array bound as a parameter as a BLOB, and the session query (one json_array over the user
-- row) then fails for that user on every request: signed out, unable to sign in, delete the account or reset
-- the password. The API refuses such values (app/server/auth/profile-fields.server.ts); these triggers hold
-- the same rule for every other writer (scripts, wrangler d1 execute, a future code path), in the same
-- statement as the write: a name that is not text, or is blank, becomes the part of the email before the @;
-- a longer one is cut to 100 characters; a picture that is not text or longer than 2048 characters becomes
-- empty (NULL). The first statement repairs rows already written.
UPDATE `user` SET
  `name` = CASE
    WHEN typeof(`name`) <> 'text' OR trim(`name`) = ''
      THEN substr(CASE WHEN instr(`email`, '@') > 1 THEN substr(`email`, 1, instr(`email`, '@') - 1) ELSE `email` END, 1, 100)
    ELSE substr(`name`, 1, 100) END,
  `image` = CASE WHEN typeof(`image`) = 'text' AND length(`image`) <= 2048 THEN `image` ELSE NULL END
WHERE typeof(`name`) <> 'text' OR trim(`name`) = '' OR length(`name`) > 100
   OR (`image` IS NOT NULL AND (typeof(`image`) <> 'text' OR length(`image`) > 2048));
--> statement-breakpoint
CREATE TRIGGER `user_profile_fields_after_insert` AFTER INSERT ON `user`
WHEN typeof(NEW.`name`) <> 'text' OR trim(NEW.`name`) = '' OR length(NEW.`name`) > 100
  OR (NEW.`image` IS NOT NULL AND (typeof(NEW.`image`) <> 'text' OR length(NEW.`image`) > 2048))
BEGIN
  UPDATE `user` SET
    `name` = CASE
      WHEN typeof(`name`) <> 'text' OR trim(`name`) = ''
        THEN substr(CASE WHEN instr(`email`, '@') > 1 THEN substr(`email`, 1, instr(`email`, '@') - 1) ELSE `email` END, 1, 100)
      ELSE substr(`name`, 1, 100) END,
    `image` = CASE WHEN typeof(`image`) = 'text' AND length(`image`) <= 2048 THEN `image` ELSE NULL END
  WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `user_profile_fields_after_update` AFTER UPDATE OF `name`, `image` ON `user`
WHEN typeof(NEW.`name`) <> 'text' OR trim(NEW.`name`) = '' OR length(NEW.`name`) > 100
  OR (NEW.`image` IS NOT NULL AND (typeof(NEW.`image`) <> 'text' OR length(NEW.`image`) > 2048))
BEGIN
  UPDATE `user` SET
    `name` = CASE
      WHEN typeof(`name`) <> 'text' OR trim(`name`) = ''
        THEN substr(CASE WHEN instr(`email`, '@') > 1 THEN substr(`email`, 1, instr(`email`, '@') - 1) ELSE `email` END, 1, 100)
      ELSE substr(`name`, 1, 100) END,
    `image` = CASE WHEN typeof(`image`) = 'text' AND length(`image`) <= 2048 THEN `image` ELSE NULL END
  WHERE `id` = NEW.`id`;
END;
