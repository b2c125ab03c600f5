// Market calendars shipped as data, taken from the NYSE holiday and early-close schedule and the agencies' release calendars (2026-2027).
// Sources are cited per table. Dates outside these years fall back to rules (weekends only for the
// exchange calendar, third Friday for option expirations) and nothing for macro releases.

/**
 * NYSE holidays. Source: NYSE Group press release "NYSE Group Announces 2026, 2027 and 2028 Holiday
 * and Early Closings Calendar" (2025-12-23); canonical https://www.nyse.com/markets/hours-calendars
 */
export const NYSE_HOLIDAYS: Readonly<Record<string, string>> = {
  "2026-01-01": "New Year's Day",
  "2026-01-19": "Martin Luther King, Jr. Day",
  "2026-02-16": "Washington's Birthday",
  "2026-04-03": "Good Friday",
  "2026-05-25": "Memorial Day",
  "2026-06-19": "Juneteenth",
  "2026-07-03": "Independence Day (observed)",
  "2026-09-07": "Labor Day",
  "2026-11-26": "Thanksgiving Day",
  "2026-12-25": "Christmas Day",
  "2027-01-01": "New Year's Day",
  "2027-01-18": "Martin Luther King, Jr. Day",
  "2027-02-15": "Washington's Birthday",
  "2027-03-26": "Good Friday",
  "2027-05-31": "Memorial Day",
  "2027-06-18": "Juneteenth (observed)",
  "2027-07-05": "Independence Day (observed)",
  "2027-09-06": "Labor Day",
  "2027-11-25": "Thanksgiving Day",
  "2027-12-24": "Christmas Day (observed)",
};

/**
 * NYSE early closes (13:00 ET; eligible options 13:15). Same source. 2026-12-24 is inferred from the
 * release's footnote marker (verify on nyse.com); no July or 2027 Christmas Eve early close.
 */
export const NYSE_EARLY_CLOSES: Readonly<Record<string, string>> = {
  "2026-11-27": "Day after Thanksgiving",
  "2026-12-24": "Christmas Eve",
  "2027-11-26": "Day after Thanksgiving",
};

// The two tables above cover 2026 and 2027; other years know only weekends.

/**
 * Monthly equity option expirations: third Friday, or the business day before when that Friday is a
 * holiday. Source: IBKR Campus glossary "Last Trading Day (Options)"; Cboe Options Hub 2014-04-15.
 * Only the holiday-shifted months differ from the rule; the rule is applied for the rest.
 */
export const MONTHLY_OPEX_EXCEPTIONS: Readonly<Record<string, string>> = {
  "2026-06": "2026-06-18", // 3rd Friday 2026-06-19 is Juneteenth
  "2027-06": "2027-06-17", // 3rd Friday 2027-06-18 is Juneteenth (observed)
};

/**
 * FOMC statement days (14:00 ET). Source: Federal Reserve "FOMC announces tentative meeting schedule"
 * releases; canonical https://www.federalreserve.gov/monetarypolicy/fomccalendars.htm
 */
export const FOMC_ANNOUNCEMENT_DAYS: readonly string[] = [
  "2026-01-28",
  "2026-03-18",
  "2026-04-29",
  "2026-06-17",
  "2026-07-29",
  "2026-09-16",
  "2026-10-28",
  "2026-12-09",
  "2027-01-27",
  "2027-03-17",
  "2027-04-28",
  "2027-06-09",
  "2027-07-28",
  "2027-09-15",
  "2027-10-27",
  "2027-12-08",
];

/**
 * Employment Situation (jobs report), 08:30 ET. Source: https://www.bls.gov/schedule/news_release/empsit.htm
 * (medium confidence: the same list in several public sources; February moved by the 2026 funding lapse).
 */
export const JOBS_REPORT_DAYS_2026: readonly string[] = [
  "2026-01-09",
  "2026-02-11",
  "2026-03-06",
  "2026-04-03",
  "2026-05-08",
  "2026-06-05",
  "2026-07-02",
  "2026-08-07",
  "2026-09-04",
  "2026-10-02",
  "2026-11-06",
  "2026-12-04",
];

/**
 * CPI release, 08:30 ET. Source: https://www.bls.gov/schedule/news_release/cpi.htm. Only January and
 * February are confirmed; the rest come from one public list that conflicts with others, so they are
 * shipped as estimates (the UI labels them).
 */
export const CPI_DAYS_2026: readonly { date: string; confirmed: boolean }[] = [
  { date: "2026-01-13", confirmed: true },
  { date: "2026-02-13", confirmed: true },
  { date: "2026-03-11", confirmed: false },
  { date: "2026-04-10", confirmed: false },
  { date: "2026-05-12", confirmed: false },
  { date: "2026-06-10", confirmed: false },
  { date: "2026-07-14", confirmed: false },
  { date: "2026-08-12", confirmed: false },
  { date: "2026-09-11", confirmed: false },
  { date: "2026-10-14", confirmed: false },
  { date: "2026-11-10", confirmed: false },
  { date: "2026-12-10", confirmed: false },
];
