-- Addresses the email provider reported as bounced (the receiving server refuses mail) or complained about
-- (marked as spam). The outbox does not send to them again (decision 289): a bounced address gets nothing, a
-- complaint still gets the emails the person asks for to reach their account (password reset, invitation).
-- Lower-cased address, one row each; the outbox's new status 'suppressed' records an email not sent because of it.
CREATE TABLE `email_suppressions` (
  `address` text PRIMARY KEY NOT NULL,
  `reason` text NOT NULL,
  `detail` text,
  `created_at` integer NOT NULL
);
