-- The trade-ideas profile a user chose on /spreads (Conservative, Balanced, Aggressive; decision 237). On the user
-- row, which the session query already reads, so /api/get_trades serves the saved profile without another query.
ALTER TABLE `user` ADD `spread_profile` text DEFAULT 'balanced' NOT NULL;
