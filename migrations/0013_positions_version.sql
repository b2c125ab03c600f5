-- The positions list's version (decision 225). The screen saves the whole list with the version it was read
-- at; a save made from an older version is refused (409) instead of overwriting a newer list. The version
-- lives on the user's wheel preferences row (the spec's "Wheel preferences" holds the positions); a user with
-- no row is at version 0. Every accepted save adds one, in the same D1 batch as the rows it writes.
ALTER TABLE `wheel_preferences` ADD `positions_version` integer DEFAULT 0 NOT NULL;
