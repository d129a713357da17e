-- Up Migration

-- A lesson's explainer clip (LessonPublished lesson.video: title, src, captionsSrc, seconds), or null.
ALTER TABLE rm_catalogue_lessons ADD COLUMN video jsonb;

-- Down Migration
ALTER TABLE rm_catalogue_lessons DROP COLUMN video;
