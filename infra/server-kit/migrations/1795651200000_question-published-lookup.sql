-- Up Migration

-- The command side finds a product's published questions by event type: generate_certificate counts
-- them (SELECT DISTINCT questionId ... WHERE type = 'QuestionPublished' AND product = $1) and the
-- engine resolves a question's name to its id (DISTINCT ON (stream_id) ... ORDER BY stream_id,
-- revision DESC). Without an index both read every event of the store. A partial index holds only
-- the QuestionPublished rows (a few per question, against millions of submissions and telemetry
-- events), keyed by product and then in the order the name lookup reads them.
CREATE INDEX es_events_question_published ON es_events ((data->>'product'), stream_id, revision DESC)
  WHERE type = 'QuestionPublished';

-- Down Migration
DROP INDEX es_events_question_published;
