-- The wheel ledger recorded from the app (decisions 271, 274): the cost basis the user chooses for the lots the
-- ledger owns (the covered-call screen's guardrail and the positions panel read it; the broker's until chosen).
ALTER TABLE `wheel_preferences` ADD `cc_cost_basis` text DEFAULT 'broker' NOT NULL CHECK (`cc_cost_basis` IN ('broker', 'adjusted'));
