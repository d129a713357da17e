import { z } from 'zod';

/*
 * A lesson's explainer clip. The clip is drawn from a storyboard written beside the lesson
 * (`content/<folder>/<kind>/<slug>/video.json`) by `web/scripts/make-lesson-clips.mjs`, which records it
 * in Chromium as WebM with English captions made from each scene's caption:
 *
 *   web/public/media/lessons/<product>/<kind>/<slug>.webm      the clip (VP8, no audio)
 *   web/public/media/lessons/<product>/<kind>/<slug>.en.vtt    its captions, one cue per scene
 *
 * Clips are static media, open to everyone like the product's intro, so only free sample lessons carry
 * one (the content check refuses a storyboard beside a paid lesson).
 */

const line = z.string().trim().min(1).max(90);

/** What a scene draws under its heading and points. */
export const storyboardDiagramSchema = z.discriminatedUnion('kind', [
  /** Growth curves plotted left to right over the scene (labels such as `n`, `n log n`, `n^2`). */
  z
    .object({
      kind: z.literal('curves'),
      functions: z
        .array(z.enum(['1', 'log n', 'n', 'n log n', 'n^2', '2^n']))
        .min(1)
        .max(6),
    })
    .strict(),
  /** Boxes joined by arrows, lit one after another over the scene. */
  z
    .object({ kind: z.literal('flow'), steps: z.array(z.string().trim().min(1).max(24)).min(2).max(6) })
    .strict(),
  /** A row of memory cells with their addresses (`start`, `stride` bytes apart), filled one by one. */
  z
    .object({
      kind: z.literal('cells'),
      values: z.array(z.string().trim().min(1).max(6)).min(2).max(10),
      start: z.number().int().min(0).max(0xffff),
      stride: z.number().int().min(1).max(16),
    })
    .strict(),
]);
export type StoryboardDiagram = z.infer<typeof storyboardDiagramSchema>;

export const storyboardSceneSchema = z
  .object({
    /** How long the scene is on screen. */
    seconds: z.number().int().min(3).max(20),
    heading: line,
    /** Up to four short points, shown one after another. */
    points: z.array(line).max(4).default([]),
    /** The scene's caption (one cue of the captions track). */
    caption: z.string().trim().min(10).max(240),
    diagram: storyboardDiagramSchema.optional(),
  })
  .strict();

/** `video.json` beside a lesson. */
export const lessonStoryboardSchema = z
  .object({
    title: z.string().trim().min(3).max(80),
    scenes: z.array(storyboardSceneSchema).min(2).max(12),
  })
  .strict()
  .refine((board) => board.scenes.reduce((sum, scene) => sum + scene.seconds, 0) <= 120, {
    message: 'a clip lasts at most two minutes',
  });
export type LessonStoryboard = z.infer<typeof lessonStoryboardSchema>;

/** A published lesson's clip, as its event and lessons/list carry it. */
export const lessonVideoSchema = z
  .object({
    title: z.string().min(3).max(80),
    src: z.string().regex(/^\/media\/lessons\/[a-z0-9/-]+\.webm$/),
    captionsSrc: z.string().regex(/^\/media\/lessons\/[a-z0-9/-]+\.en\.vtt$/),
    /** Its length: the sum of its scenes. */
    seconds: z.number().int().min(1).max(120),
  })
  .strict();
export type LessonVideo = z.infer<typeof lessonVideoSchema>;

/** Where a lesson's clip and captions are served from. */
export function lessonVideoFor(
  product: string,
  kind: string,
  slug: string,
  board: LessonStoryboard,
): LessonVideo {
  const base = `/media/lessons/${product}/${kind}/${slug}`;
  return {
    title: board.title,
    src: `${base}.webm`,
    captionsSrc: `${base}.en.vtt`,
    seconds: board.scenes.reduce((sum, scene) => sum + scene.seconds, 0),
  };
}

/** A scene's start and end in seconds (the captions' cue times). */
export function sceneTimes(board: LessonStoryboard): { start: number; end: number }[] {
  let start = 0;
  return board.scenes.map((scene) => {
    const times = { start, end: start + scene.seconds };
    start += scene.seconds;
    return times;
  });
}

/** Seconds as WebVTT time (`mm:ss.000`). */
function vttTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${(seconds - minutes * 60).toFixed(3).padStart(6, '0')}`;
}

/**
 * The clip's English captions: a note on where they come from, then one cue per scene, its caption
 * (escaped for WebVTT) over the scene's seconds. `storyboardPath` is the storyboard's path in the repository.
 */
export function captionsVtt(board: LessonStoryboard, storyboardPath: string): string {
  const cues = sceneTimes(board).map(({ start, end }, index) => {
    const text = board.scenes[index]!.caption.replace(/\s+/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
    return `${vttTime(start)} --> ${vttTime(end)}\n${text}\n`;
  });
  return [
    'WEBVTT',
    '',
    `NOTE The clip has no sound: each cue says what its scene shows. Made from ${storyboardPath} by web/scripts/make-lesson-clips.mjs; edit the storyboard, not this file.`,
    '',
    cues.join('\n'),
  ].join('\n');
}
