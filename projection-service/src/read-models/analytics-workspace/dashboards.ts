import type { AnalyticsDashboard } from '@app/contracts';

/**
 * The ready dashboards (issue 21): each panel is a query over the analytics schema, run like an
 * analyst's own through the query call with `:from` and `:to`, and the chart the workspace draws of it.
 */
export const analyticsDashboards: readonly AnalyticsDashboard[] = [
  {
    dashboardId: 'daily-active-learners',
    title: 'Daily active learners',
    description: 'Learners who signed in, submitted or solved a question, per UTC day.',
    panels: [
      {
        title: 'Active learners per day',
        // UNION drops repeated (learner, day) pairs by hashing; count(DISTINCT) would sort every day's rows.
        sql: `SELECT day, count(*) AS learners
  FROM (
    SELECT user_id, (last_sign_in_at AT TIME ZONE 'UTC')::date AS day FROM analytics.learners
     WHERE last_sign_in_at >= :from AND last_sign_in_at < :to
    UNION SELECT user_id, (submitted_at AT TIME ZONE 'UTC')::date FROM analytics.latest_submissions
     WHERE submitted_at >= :from AND submitted_at < :to
    UNION SELECT user_id, day FROM analytics.correct_days
     WHERE day >= (:from AT TIME ZONE 'UTC')::date AND day < (:to AT TIME ZONE 'UTC')::date
  ) AS activity
 GROUP BY day
 ORDER BY day`,
        chart: { kind: 'line', x: 'day', y: 'learners' },
      },
    ],
  },
  {
    dashboardId: 'submissions-per-day',
    title: 'Submissions per day by language and status',
    description: "Each learner's latest submission of each question, by the day it was made.",
    panels: [
      {
        title: 'Submissions per day',
        sql: `SELECT (submitted_at AT TIME ZONE 'UTC')::date AS day, count(*) AS submissions
  FROM analytics.latest_submissions
 WHERE submitted_at >= :from AND submitted_at < :to
 GROUP BY day
 ORDER BY day`,
        chart: { kind: 'bar', x: 'day', y: 'submissions' },
      },
      {
        title: 'By language and status',
        sql: `SELECT language, status, count(*) AS submissions
  FROM analytics.latest_submissions
 WHERE submitted_at >= :from AND submitted_at < :to
 GROUP BY language, status
 ORDER BY submissions DESC, language, status`,
        chart: { kind: 'bar', x: 'language', y: 'submissions' },
      },
    ],
  },
  {
    dashboardId: 'question-pass-rates',
    title: 'Pass rate and median attempts per question',
    description:
      'Share of learners whose latest submission is correct, and their median number of submissions.',
    panels: [
      {
        title: 'Per question',
        // Aggregated per question first, then joined to the hundred or so questions.
        sql: `WITH per_question AS (
  SELECT product, question_id, count(*) AS learners, count(*) FILTER (WHERE status = 'CORRECT') AS correct,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY submissions) AS median_attempts
    FROM analytics.latest_submissions
   WHERE submitted_at >= :from AND submitted_at < :to
   GROUP BY product, question_id
)
SELECT q.product, q.question_id, q.name, coalesce(s.learners, 0) AS learners,
       round(100.0 * s.correct / nullif(s.learners, 0), 1) AS pass_rate_pct, s.median_attempts
  FROM analytics.questions q
  LEFT JOIN per_question s ON s.product = q.product AND s.question_id = q.question_id
 ORDER BY learners DESC, q.name`,
        chart: { kind: 'bar', x: 'name', y: 'pass_rate_pct' },
      },
    ],
  },
  {
    dashboardId: 'learner-funnel',
    title: 'Learner funnel',
    description:
      'Browsers that first visited in the period, then the people they became: signed in, ran code, solved a question, purchased.',
    panels: [
      {
        title: 'From first visit',
        // A browser is one visitor; from sign-in on, people (an account seen on two browsers counts once).
        sql: `WITH cohort AS (
  SELECT machine_uuid, user_id FROM analytics.visitors WHERE first_visit_at >= :from AND first_visit_at < :to
)
SELECT 1 AS step_no, 'first visit' AS step, count(*) AS people FROM cohort
UNION ALL SELECT 2, 'signed in', count(DISTINCT user_id) FROM cohort
UNION ALL SELECT 3, 'first run', count(DISTINCT c.user_id) FROM cohort c
  WHERE EXISTS (SELECT 1 FROM analytics.first_runs r WHERE r.user_id = c.user_id)
UNION ALL SELECT 4, 'first correct submission', count(DISTINCT c.user_id) FROM cohort c
  WHERE EXISTS (SELECT 1 FROM analytics.correct_days d WHERE d.user_id = c.user_id)
UNION ALL SELECT 5, 'purchase', count(DISTINCT c.user_id) FROM cohort c
  WHERE EXISTS (SELECT 1 FROM analytics.charges p WHERE p.user_id = c.user_id)
ORDER BY step_no`,
        chart: { kind: 'bar', x: 'step', y: 'people' },
      },
      {
        title: 'From registration',
        // Accounts made in the period through any door (a browser, the API, a licence key).
        sql: `WITH cohort AS (
  SELECT user_id FROM analytics.learners WHERE registered_at >= :from AND registered_at < :to
)
SELECT 1 AS step_no, 'registered' AS step, count(*) AS learners FROM cohort
UNION ALL SELECT 2, 'first run', count(*) FROM cohort c
  WHERE EXISTS (SELECT 1 FROM analytics.first_runs r WHERE r.user_id = c.user_id)
UNION ALL SELECT 3, 'first submission', count(*) FROM cohort c
  WHERE EXISTS (SELECT 1 FROM analytics.latest_submissions s WHERE s.user_id = c.user_id)
UNION ALL SELECT 4, 'first correct submission', count(*) FROM cohort c
  WHERE EXISTS (SELECT 1 FROM analytics.correct_days d WHERE d.user_id = c.user_id)
UNION ALL SELECT 5, 'purchase', count(*) FROM cohort c
  WHERE EXISTS (SELECT 1 FROM analytics.charges p WHERE p.user_id = c.user_id)
ORDER BY step_no`,
        chart: { kind: 'bar', x: 'step', y: 'learners' },
      },
    ],
  },
  {
    dashboardId: 'revenue-per-month',
    title: 'Revenue per month by product and currency',
    description: 'Paid checkouts less refunds, in major units of each currency (the region prices in it).',
    panels: [
      {
        title: 'Revenue',
        sql: `SELECT to_char(date_trunc('month', paid_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month,
       coalesce(offering, array_to_string(products, '+')) AS product, currency,
       sum(amount - amount_refunded) / 100.0 AS revenue, count(*) AS charges
  FROM analytics.charges
 WHERE paid_at >= :from AND paid_at < :to
 GROUP BY 1, 2, 3
 ORDER BY 1, 2, 3`,
        chart: { kind: 'bar', x: 'month', y: 'revenue' },
      },
    ],
  },
  {
    dashboardId: 'affiliates-per-month',
    title: 'Affiliates per month',
    description:
      'Clicks on affiliate links, the revenue of the checkouts they brought, and what affiliates earned.',
    panels: [
      {
        title: 'Clicks',
        sql: `SELECT to_char(date_trunc('month', day), 'YYYY-MM') AS month, affiliate_code, sum(count) AS clicks
  FROM analytics.affiliate_clicks_daily
 WHERE day >= (:from AT TIME ZONE 'UTC')::date AND day < (:to AT TIME ZONE 'UTC')::date
 GROUP BY 1, 2
 ORDER BY 1, 2`,
        chart: { kind: 'bar', x: 'month', y: 'clicks' },
      },
      {
        title: 'Attributed revenue',
        sql: `SELECT to_char(date_trunc('month', paid_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS month, affiliate_code, currency,
       sum(amount - amount_refunded) / 100.0 AS revenue
  FROM analytics.charges
 WHERE affiliate_code IS NOT NULL AND paid_at >= :from AND paid_at < :to
 GROUP BY 1, 2, 3
 ORDER BY 1, 2, 3`,
        chart: { kind: 'bar', x: 'month', y: 'revenue' },
      },
      {
        title: 'Earnings per month',
        sql: `SELECT month, status, count(*) AS affiliates, sum(sales) AS sales,
       sum(earnings_cents) / 100.0 AS earnings_usd
  FROM analytics.affiliate_months
 WHERE month >= to_char(:from AT TIME ZONE 'UTC', 'YYYY-MM') AND month < to_char(:to AT TIME ZONE 'UTC', 'YYYY-MM')
 GROUP BY 1, 2
 ORDER BY 1, 2`,
        chart: { kind: 'bar', x: 'month', y: 'earnings_usd' },
      },
    ],
  },
  {
    dashboardId: 'licence-seats',
    title: 'Licence seat use',
    description: 'Seats of live team licences per product: bought, drawn into keys, redeemed.',
    panels: [
      {
        title: 'Seats per product',
        sql: `SELECT product, count(*) AS licences, sum(seats_bought) AS bought, sum(seats_in_keys) AS in_keys,
       sum(seats_redeemed) AS redeemed, sum(seats_in_no_key) AS in_no_key,
       round(100.0 * sum(seats_redeemed) / nullif(sum(seats_bought), 0), 1) AS redeemed_percent
  FROM analytics.licence_seats
 WHERE expires_at > now()
 GROUP BY product
 ORDER BY product`,
        chart: { kind: 'bar', x: 'product', y: 'redeemed' },
      },
    ],
  },
  {
    dashboardId: 'projection-lag',
    title: 'Read model progress',
    description:
      'How far behind the furthest read model each one is, since when it has not moved, and the worst lag per minute.',
    panels: [
      {
        title: 'Positions behind',
        sql: `SELECT name, state, events_processed, max(position) OVER () - position AS positions_behind,
       round(extract(epoch FROM now() - updated_at)) AS seconds_since_moved
  FROM analytics.projections
 ORDER BY positions_behind DESC, name`,
        chart: { kind: 'bar', x: 'name', y: 'positions_behind' },
      },
      {
        title: 'Lag over time',
        sql: `SELECT sampled_at AS minute, max(lag_ms) / 1000.0 AS worst_lag_seconds, sum(events_behind) AS events_behind
  FROM analytics.projection_lag_history
 WHERE sampled_at >= :from AND sampled_at < :to
 GROUP BY 1
 ORDER BY 1`,
        chart: { kind: 'line', x: 'minute', y: 'worst_lag_seconds' },
      },
    ],
  },
];
