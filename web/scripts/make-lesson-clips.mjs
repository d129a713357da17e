#!/usr/bin/env node
/* global URL, Buffer, Blob, process, console, document, MediaRecorder, requestAnimationFrame, performance, FileReader */
/*
 * Makes the explainer clips of the free sample lessons from their storyboards. For every
 * content/<folder>/<kind>/<slug>/video.json it checks the storyboard against lessonStoryboardSchema (from
 * @app/contracts, so build it first: `npx tsc -b contracts`), draws it scene by scene on a 640x360 canvas in
 * Debian's Chromium and records it in real time with MediaRecorder as WebM (VP8, no audio track), then
 * writes, under web/public/media/lessons/<product>/<kind>/:
 *
 *   <slug>.webm     the clip: per scene a heading, its points one after another, its diagram animated over
 *                   the scene (growth curves plotted left to right, flow boxes lit in turn, memory cells
 *                   filled one by one), a small clip title and a thin progress bar
 *   <slug>.en.vtt   its captions: one cue per scene, timed with sceneTimes, saying the scene's caption
 *
 * Recording is real time, so a clip takes as long as it lasts; two clips are recorded at once. The results
 * are committed, so builds need no browser; run this again only after changing a storyboard:
 * `node web/scripts/make-lesson-clips.mjs [slug]` (a slug renders only that lesson's clip).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { captionsVtt, lessonStoryboardSchema } from '@app/contracts';

const WIDTH = 640;
const HEIGHT = 360;
/*
 * The clips are mostly still text, so a low frame rate costs little smoothness and gives the encoder more bits
 * per frame: text is sharp again soon after it appears, where at 30 fps and this bit rate it stayed smeared
 * for a second or more and the files came out 60% larger. The sample lessons' clips, just under a minute
 * each, come out near 340 KiB.
 */
const FRAME_RATE = 15;
const BITS_PER_SECOND = 70_000;
/** Clips recorded at once (each needs a renderer and an encoder, and recording must keep up with real time). */
const PARALLEL = 2;
/** The content folder each product's lessons live in. */
const PRODUCT_OF_FOLDER = {
  algorithms: 'algoexpert',
  systems: 'systemsexpert',
  'machine-learning': 'mlexpert',
};

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const contentRoot = join(repoRoot, 'content');
const mediaRoot = fileURLToPath(new URL('../public/media/lessons/', import.meta.url));

function subfolders(folder) {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Every storyboard under content/, with where its clip goes. */
function findStoryboards() {
  const found = [];
  for (const folder of subfolders(contentRoot))
    for (const kind of subfolders(join(contentRoot, folder)))
      for (const slug of subfolders(join(contentRoot, folder, kind))) {
        const lessonDir = join(contentRoot, folder, kind, slug);
        const file = join(lessonDir, 'video.json');
        if (!existsSync(file)) continue;
        const product = PRODUCT_OF_FOLDER[folder];
        if (!product)
          throw new Error(`${relative(repoRoot, file)}: content/${folder} has no product with clips`);
        found.push({ file, lessonDir, product, kind, slug });
      }
  return found;
}

/** Reads and checks a storyboard; like the content check, it refuses one beside a paid lesson. */
function loadStoryboard({ file, lessonDir }) {
  const name = relative(repoRoot, file);
  const parsed = lessonStoryboardSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new Error(`${name} is not a valid storyboard:\n${issues.join('\n')}`);
  }
  const meta = JSON.parse(readFileSync(join(lessonDir, 'meta.json'), 'utf8'));
  if (meta.free !== true) throw new Error(`${name}: only free sample lessons carry a clip`);
  return parsed.data;
}

/*
 * Runs in the page: draws the storyboard on a canvas in real time while MediaRecorder records it, then
 * plays the recording back to read its duration. Resolves to { clip (base64), frames, seconds }.
 */
function recordClip({ board, width, height, frameRate, bitsPerSecond }) {
  return new Promise((resolve, reject) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    document.body.append(canvas);
    const context = canvas.getContext('2d');

    const PAD = 24;
    const SANS = 'sans-serif';
    const MONO = 'monospace';
    const colour = {
      title: '#93c5fd',
      muted: '#94a3b8',
      heading: '#ffffff',
      text: '#e2e8f0',
      accent: '#f59e0b',
      lit: '#2563eb',
      litEdge: '#60a5fa',
      dim: '#2b4a73',
      dimText: '#7890ad',
      axis: '#5b7597',
    };
    const totalMs = board.scenes.reduce((sum, scene) => sum + scene.seconds * 1000, 0);
    const clamp = (value) => Math.max(0, Math.min(1, value));
    const ease = (value) => 1 - (1 - value) ** 3;

    let font = { size: 16, family: SANS, weight: '' };
    function setFont(size, family = SANS, weight = '') {
      font = { size, family, weight };
      context.font = `${weight} ${size}px ${family}`.trim();
    }
    /** Text as runs, with `^2`, `^n` or `^10` as raised superscripts: `O(n^2)`, `10^8`. */
    function runs(text) {
      return text
        .split(/\^(\w+)/)
        .map((part, i) => ({ text: part, raised: i % 2 === 1 }))
        .filter((run) => run.text);
    }
    function withRunFont(run, action) {
      if (run.raised) context.font = `${font.weight} ${Math.round(font.size * 0.7)}px ${font.family}`.trim();
      const result = action();
      context.font = `${font.weight} ${font.size}px ${font.family}`.trim();
      return result;
    }
    /** The width of text in the current font, superscripts included. */
    function measure(text) {
      return runs(text).reduce(
        (sum, run) => sum + withRunFont(run, () => context.measureText(run.text).width),
        0,
      );
    }
    /** fillText that draws superscripts and honours textAlign (left, center or right). */
    function fill(text, x, y) {
      const align = context.textAlign;
      let left = x - (align === 'center' ? measure(text) / 2 : align === 'right' ? measure(text) : 0);
      const lift = { top: 0.08, middle: 0.3, alphabetic: 0.38 }[context.textBaseline] ?? 0.3;
      context.textAlign = 'left';
      for (const run of runs(text))
        withRunFont(run, () => {
          context.fillText(run.text, left, run.raised ? y - font.size * lift : y);
          left += context.measureText(run.text).width;
        });
      context.textAlign = align;
    }
    /** Splits text into lines no wider than maxWidth in the current font. */
    function wrap(text, maxWidth) {
      const lines = [];
      let line = '';
      for (const word of text.split(/\s+/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && measure(candidate) > maxWidth) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      if (line) lines.push(line);
      return lines;
    }
    /** The largest size (from..to) at which text fits one line of maxWidth. */
    function fitOneLine(text, maxWidth, from, to, family = SANS, weight = '') {
      for (let size = from; size > to; size -= 1) {
        setFont(size, family, weight);
        if (measure(text) <= maxWidth) return size;
      }
      return to;
    }

    // ---- Layout, computed once per scene: heading lines, wrapped points, and the diagram's box. ----
    function layoutScene(scene) {
      const fullWidth = width - 2 * PAD;
      let headingSize = fitOneLine(scene.heading, fullWidth, 26, 20, SANS, 'bold');
      setFont(headingSize, SANS, 'bold');
      const headingLines = wrap(scene.heading, fullWidth);
      if (headingLines.length > 1) headingSize = 20;
      const headingTop = 38;
      const headingBottom = headingTop + headingLines.length * headingSize * 1.2;
      const top = headingBottom + 24;
      const bottom = height - 20;

      const kind = scene.diagram?.kind;
      let pointsBox;
      let diagramBox = null;
      if (kind === 'curves' || kind === 'flow') {
        pointsBox = { x: PAD, y: top, w: 292, h: bottom - top };
        diagramBox = { x: PAD + 312, y: top - 6, w: width - PAD - (PAD + 312), h: bottom - top + 6 };
      } else if (kind === 'cells') {
        const rowHeight = 84;
        diagramBox = { x: PAD, y: bottom - rowHeight, w: fullWidth, h: rowHeight };
        pointsBox = { x: PAD, y: top, w: fullWidth, h: bottom - rowHeight - 14 - top };
      } else pointsBox = { x: PAD, y: top, w: fullWidth, h: bottom - top };

      // The largest text size (down to 12 px) at which every point, wrapped, fits the points box.
      const bulletIndent = 20;
      let points;
      let pointSize = kind ? 17 : 21;
      let used;
      for (; ; pointSize -= 1) {
        setFont(pointSize);
        points = scene.points.map((point) => wrap(point, pointsBox.w - bulletIndent));
        used = points.reduce((sum, lines) => sum + lines.length * pointSize * 1.3 + pointSize * 0.7, 0);
        if (used <= pointsBox.h || pointSize === 12) break;
      }
      // Without a diagram the points are all there is: set them a little below the heading, not under it.
      const pointsTop = pointsBox.y + (kind ? 0 : Math.max(0, pointsBox.h - used) * 0.3);
      return {
        headingSize,
        headingLines,
        headingTop,
        pointsTop,
        bulletIndent,
        points,
        pointSize,
        diagramBox,
      };
    }
    const layouts = board.scenes.map(layoutScene);
    const sceneStarts = [];
    board.scenes.reduce((start, scene) => {
      sceneStarts.push(start);
      return start + scene.seconds * 1000;
    }, 0);

    // ---- Diagrams. Each draws its whole state for a progress from 0 to 1 within its box. ----
    const growth = {
      1: () => 1,
      'log n': (n) => Math.log2(n),
      n: (n) => n,
      'n log n': (n) => n * Math.log2(n),
      'n^2': (n) => n * n,
      '2^n': (n) => 2 ** n,
    };
    const curveColour = {
      1: '#cbd5e1',
      'log n': '#22d3ee',
      n: '#4ade80',
      'n log n': '#facc15',
      'n^2': '#fb923c',
      '2^n': '#f87171',
    };
    const N_MAX = 16;
    const STEPS_MAX = 48;

    /** Where each curve ends (the right edge, or where it leaves the top) and where its label goes. */
    function layoutCurves(functions, plot) {
      const xOf = (n) => plot.x0 + ((n - 1) / (N_MAX - 1)) * (plot.x1 - plot.x0);
      const yOf = (steps) => plot.y1 - (steps / STEPS_MAX) * (plot.y1 - plot.y0);
      setFont(12, SANS, 'bold');
      const ends = functions.map((name) => {
        const f = growth[name];
        let endN = N_MAX;
        if (f(N_MAX) > STEPS_MAX) {
          let low = 1;
          let high = N_MAX;
          for (let i = 0; i < 40; i += 1) {
            const middle = (low + high) / 2;
            if (f(middle) > STEPS_MAX) high = middle;
            else low = middle;
          }
          endN = low;
        }
        const label = `O(${name})`;
        return {
          name,
          endN,
          exitsTop: endN < N_MAX,
          tipX: xOf(endN),
          tipY: yOf(Math.min(STEPS_MAX, f(endN))),
          label,
          labelWidth: measure(label),
        };
      });
      // Labels of curves that reach the right edge stack in the gutter, at least 15 px apart.
      const right = ends.filter((end) => !end.exitsTop).sort((a, b) => a.tipY - b.tipY);
      right.forEach(
        (end, i) => (end.labelY = i === 0 ? end.tipY : Math.max(end.tipY, right[i - 1].labelY + 15)),
      );
      for (let i = right.length - 1; i >= 0; i -= 1) {
        const limit = i === right.length - 1 ? plot.y1 + 4 : right[i + 1].labelY - 15;
        right[i].labelY = Math.min(right[i].labelY, limit);
        right[i].labelX = plot.x1 + 8;
      }
      // Labels of curves that leave through the top line up above it, side by side.
      const top = ends.filter((end) => end.exitsTop).sort((a, b) => a.tipX - b.tipX);
      top.forEach((end, i) => {
        const wanted = end.tipX - end.labelWidth / 2;
        const previous = top[i - 1];
        end.labelX = previous ? Math.max(wanted, previous.labelX + previous.labelWidth + 8) : wanted;
        end.labelY = plot.y0 - 10;
      });
      return { ends, xOf, yOf };
    }

    function drawCurves(diagram, box, progress, appear) {
      const plot = { x0: box.x + 18, x1: box.x + box.w - 76, y0: box.y + 24, y1: box.y + box.h - 22 };
      const { ends, xOf, yOf } = (diagram.layout ??= layoutCurves(diagram.functions, plot));
      context.globalAlpha = appear;
      context.strokeStyle = colour.axis;
      context.lineWidth = 1.5;
      context.beginPath();
      context.moveTo(plot.x0, plot.y0 - 4);
      context.lineTo(plot.x0, plot.y1);
      context.lineTo(plot.x1 + 2, plot.y1);
      context.stroke();
      setFont(11);
      context.fillStyle = colour.muted;
      context.textAlign = 'right';
      context.textBaseline = 'top';
      context.fillText('input size n →', plot.x1, plot.y1 + 6);
      context.save();
      context.translate(plot.x0 - 6, plot.y1);
      context.rotate(-Math.PI / 2);
      context.textAlign = 'left';
      context.textBaseline = 'bottom';
      context.fillText('steps →', 0, 0);
      context.restore();

      const sweepN = 1 + ease(progress) * (N_MAX - 1);
      context.save();
      context.beginPath();
      context.rect(plot.x0, plot.y0 - 2, plot.x1 - plot.x0 + 2, plot.y1 - plot.y0 + 2);
      context.clip();
      context.lineWidth = 2.5;
      context.lineJoin = 'round';
      for (const end of ends) {
        const f = growth[end.name];
        const last = Math.min(sweepN, N_MAX);
        context.strokeStyle = curveColour[end.name];
        context.beginPath();
        for (let i = 0; i <= 160; i += 1) {
          const n = 1 + ((last - 1) * i) / 160;
          const y = yOf(Math.min(f(n), STEPS_MAX * 1.2));
          if (i === 0) context.moveTo(xOf(n), y);
          else context.lineTo(xOf(n), y);
        }
        context.stroke();
        if (progress > 0 && progress < 1 && sweepN < end.endN) {
          context.fillStyle = curveColour[end.name];
          context.beginPath();
          context.arc(xOf(sweepN), yOf(f(sweepN)), 3.5, 0, Math.PI * 2);
          context.fill();
        }
      }
      context.restore();

      // A curve's label fades in once the pen has reached its end.
      setFont(12, SANS, 'bold');
      context.textAlign = 'left';
      context.textBaseline = 'middle';
      for (const end of ends) {
        const shown = clamp((sweepN - Math.min(end.endN, N_MAX - 0.6)) / 0.6);
        if (shown <= 0) continue;
        context.globalAlpha = appear * shown;
        context.strokeStyle = curveColour[end.name];
        context.lineWidth = 1;
        context.beginPath();
        if (end.exitsTop) {
          context.moveTo(end.tipX, end.tipY);
          context.lineTo(end.labelX + end.labelWidth / 2, end.labelY + 7);
        } else {
          context.moveTo(end.tipX + 2, end.tipY);
          context.lineTo(end.labelX - 2, end.labelY);
        }
        context.stroke();
        context.fillStyle = curveColour[end.name];
        fill(end.label, end.labelX, end.labelY);
      }
      context.globalAlpha = 1;
    }

    function roundedBox(x, y, w, h, radius) {
      context.beginPath();
      context.roundRect(x, y, w, h, radius);
    }

    function drawFlow(diagram, box, progress, appear) {
      const count = diagram.steps.length;
      const minGap = 16;
      const boxHeight = Math.min(40, (box.h - (count - 1) * minGap) / count);
      const gap = Math.min(30, (box.h - count * boxHeight) / (count - 1));
      const used = count * boxHeight + (count - 1) * gap;
      const boxWidth = Math.min(250, box.w - 8);
      const left = box.x + (box.w - boxWidth) / 2;
      const top = box.y + (box.h - used) / 2;
      const reached = progress * count; // box k is lit once reached > k; arrow k grows over (k + 0.5, k + 1)

      context.globalAlpha = appear;
      for (let k = 0; k < count - 1; k += 1) {
        const x = left + boxWidth / 2;
        const from = top + k * (boxHeight + gap) + boxHeight + 2;
        const to = from + gap - 4;
        const grown = clamp((reached - k - 0.5) / 0.5);
        context.lineWidth = 2;
        context.strokeStyle = colour.dim;
        context.fillStyle = colour.dim;
        drawArrow(x, from, to);
        if (grown > 0) {
          context.strokeStyle = colour.litEdge;
          context.fillStyle = colour.litEdge;
          drawArrow(x, from, from + (to - from) * grown, grown >= 1);
        }
      }
      for (let k = 0; k < count; k += 1) {
        const y = top + k * (boxHeight + gap);
        const lit = reached > k;
        const current = lit && progress < 1 && k === Math.min(count - 1, Math.floor(reached));
        roundedBox(left, y, boxWidth, boxHeight, 8);
        context.fillStyle = current ? colour.accent : lit ? colour.lit : 'rgba(255, 255, 255, 0.04)';
        context.fill();
        context.lineWidth = 1.5;
        context.strokeStyle = current ? '#fbbf24' : lit ? colour.litEdge : colour.dim;
        context.stroke();
        const size = fitOneLine(
          diagram.steps[k],
          boxWidth - 16,
          Math.min(15, boxHeight * 0.5),
          10,
          SANS,
          'bold',
        );
        setFont(size, SANS, 'bold');
        context.fillStyle = current ? '#0b1f3a' : lit ? '#ffffff' : colour.dimText;
        context.textAlign = 'center';
        context.textBaseline = 'middle';
        fill(diagram.steps[k], left + boxWidth / 2, y + boxHeight / 2 + 1);
      }
      context.globalAlpha = 1;
    }

    function drawArrow(x, from, to, withHead = true) {
      context.beginPath();
      context.moveTo(x, from);
      context.lineTo(x, to - (withHead ? 4 : 0));
      context.stroke();
      if (!withHead) return;
      context.beginPath();
      context.moveTo(x - 5, to - 6);
      context.lineTo(x + 5, to - 6);
      context.lineTo(x, to);
      context.closePath();
      context.fill();
    }

    function drawCells(diagram, box, progress, appear) {
      const count = diagram.values.length;
      const gap = 4;
      const cellWidth = Math.min(64, (box.w - (count - 1) * gap) / count);
      const cellHeight = 40;
      const used = count * cellWidth + (count - 1) * gap;
      const left = box.x + (box.w - used) / 2;
      const top = box.y + 22;
      const filled = progress * count; // cell k is filled once filled > k

      context.globalAlpha = appear;
      setFont(12);
      context.fillStyle = colour.muted;
      context.textAlign = 'left';
      context.textBaseline = 'alphabetic';
      context.fillText(
        diagram.stride === 1 ? 'one byte per cell' : `${diagram.stride} bytes per cell`,
        left,
        box.y + 12,
      );
      for (let k = 0; k < count; k += 1) {
        const x = left + k * (cellWidth + gap);
        const isFilled = filled > k;
        const current = isFilled && progress < 1 && k === Math.min(count - 1, Math.floor(filled));
        roundedBox(x, top, cellWidth, cellHeight, 5);
        context.fillStyle = current ? colour.accent : isFilled ? colour.lit : 'rgba(255, 255, 255, 0.04)';
        context.fill();
        context.lineWidth = 1.5;
        context.strokeStyle = current ? '#fbbf24' : isFilled ? colour.litEdge : colour.dim;
        context.stroke();
        if (isFilled) {
          const value = diagram.values[k];
          setFont(fitOneLine(value, cellWidth - 8, 16, 9, MONO, 'bold'), MONO, 'bold');
          context.globalAlpha = appear * clamp((filled - k) / 0.4 + 0.3);
          context.fillStyle = current ? '#0b1f3a' : '#ffffff';
          context.textAlign = 'center';
          context.textBaseline = 'middle';
          fill(value, x + cellWidth / 2, top + cellHeight / 2 + 1);
          context.globalAlpha = appear;
        }
        const address = `0x${(diagram.start + k * diagram.stride).toString(16).toUpperCase().padStart(4, '0')}`;
        setFont(fitOneLine(address, cellWidth, 12, 8, MONO), MONO);
        context.fillStyle = isFilled ? colour.text : colour.dimText;
        context.textAlign = 'center';
        context.textBaseline = 'top';
        context.fillText(address, x + cellWidth / 2, top + cellHeight + 6);
      }
      context.globalAlpha = 1;
    }

    // ---- One frame. ----
    function draw(elapsed) {
      const index = Math.max(
        0,
        sceneStarts.findLastIndex((start) => start <= elapsed),
      );
      const scene = board.scenes[index];
      const layout = layouts[index];
      const sceneMs = scene.seconds * 1000;
      const local = elapsed - sceneStarts[index];

      const background = context.createLinearGradient(0, 0, width, height);
      background.addColorStop(0, '#0b1f3a');
      background.addColorStop(1, '#12355b');
      context.fillStyle = background;
      context.fillRect(0, 0, width, height);

      // Clip title and scene number.
      setFont(13, SANS, 'bold');
      context.fillStyle = colour.title;
      context.textAlign = 'left';
      context.textBaseline = 'alphabetic';
      context.fillText(board.title, PAD, 24);
      setFont(12);
      context.fillStyle = colour.muted;
      context.textAlign = 'right';
      context.fillText(`${index + 1} / ${board.scenes.length}`, width - PAD, 24);

      // Heading (already in place on the first frame, so a paused clip shows it), with an accent rule.
      const headingIn = index === 0 ? 1 : ease(clamp(local / 350));
      context.globalAlpha = headingIn;
      setFont(layout.headingSize, SANS, 'bold');
      context.fillStyle = colour.heading;
      context.textAlign = 'left';
      context.textBaseline = 'top';
      layout.headingLines.forEach((line, i) =>
        fill(line, PAD, layout.headingTop + i * layout.headingSize * 1.2),
      );
      const ruleY = layout.headingTop + layout.headingLines.length * layout.headingSize * 1.2 + 6;
      context.fillStyle = colour.accent;
      context.fillRect(PAD, ruleY, 44 * headingIn, 3);
      context.globalAlpha = 1;

      // Points, one after another over the first half of the scene. Text fades in where it stands: sliding
      // it in would cost the encoder many bits and leave it smeared.
      const count = layout.points.length;
      const spacing = count ? Math.min(1800, (sceneMs * 0.5) / count) : 0;
      const lineHeight = layout.pointSize * 1.3;
      let y = layout.pointsTop;
      setFont(layout.pointSize);
      context.textAlign = 'left';
      context.textBaseline = 'top';
      layout.points.forEach((lines, i) => {
        const shown = ease(clamp((local - 400 - i * spacing) / 350));
        if (shown > 0) {
          const x = PAD;
          context.globalAlpha = shown;
          context.fillStyle = colour.accent;
          context.beginPath();
          context.arc(x + 5, y + lineHeight / 2, 3.5, 0, Math.PI * 2);
          context.fill();
          context.fillStyle = colour.text;
          lines.forEach((line, j) => fill(line, x + layout.bulletIndent, y + j * lineHeight + 2));
        }
        y += lines.length * lineHeight + layout.pointSize * 0.7;
      });
      context.globalAlpha = 1;

      // The diagram: its frame appears with the heading, then animates from 10% to 85% of the scene.
      if (scene.diagram) {
        const appear = index === 0 ? 1 : ease(clamp(local / 400));
        const progress = clamp((local - sceneMs * 0.1) / (sceneMs * 0.75));
        const drawDiagram = { curves: drawCurves, flow: drawFlow, cells: drawCells }[scene.diagram.kind];
        drawDiagram(scene.diagram, layout.diagramBox, progress, appear);
      }

      // Progress through the whole clip, with a notch at each scene boundary.
      context.fillStyle = 'rgba(255, 255, 255, 0.1)';
      context.fillRect(0, height - 4, width, 4);
      context.fillStyle = colour.accent;
      context.fillRect(0, height - 4, (width * Math.min(elapsed, totalMs)) / totalMs, 4);
      context.fillStyle = '#0b1f3a';
      for (const start of sceneStarts.slice(1))
        context.fillRect((width * start) / totalMs - 1, height - 4, 2, 4);
    }

    function checkPlayback(blob) {
      const video = document.createElement('video');
      video.muted = true;
      video.preload = 'auto';
      return new Promise((done, fail) => {
        video.onerror = () => fail(new Error(`the recording does not play: ${video.error?.message}`));
        video.onloadedmetadata = () => {
          video.currentTime = 1e6; // a MediaRecorder file without a duration only learns it once seeked to the end
        };
        video.onseeked = () => done(video.duration);
        video.src = URL.createObjectURL(blob);
      });
    }

    draw(0);
    const recorder = new MediaRecorder(canvas.captureStream(frameRate), {
      mimeType: 'video/webm;codecs=vp8',
      videoBitsPerSecond: bitsPerSecond,
    });
    const chunks = [];
    let frames = 0;
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.onerror = (event) => reject(new Error(String(event.error)));
    recorder.onstop = () => {
      const blob = new Blob(chunks, { type: 'video/webm' });
      checkPlayback(blob).then((seconds) => {
        const reader = new FileReader();
        reader.onload = () => resolve({ clip: String(reader.result).split(',')[1], frames, seconds });
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      }, reject);
    };
    const start = performance.now();
    recorder.start();
    function frame() {
      const elapsed = performance.now() - start;
      draw(Math.min(elapsed, totalMs));
      frames += 1;
      if (elapsed < totalMs) requestAnimationFrame(frame);
      else recorder.stop();
    }
    requestAnimationFrame(frame);
  });
}

async function renderClip(browser, job) {
  const { board, product, kind, slug, file } = job;
  const seconds = board.scenes.reduce((sum, scene) => sum + scene.seconds, 0);
  const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT } });
  try {
    const page = await context.newPage();
    const recorded = await page.evaluate(recordClip, {
      board,
      width: WIDTH,
      height: HEIGHT,
      frameRate: FRAME_RATE,
      bitsPerSecond: BITS_PER_SECOND,
    });
    const clip = Buffer.from(recorded.clip, 'base64');
    // Players need the length and the cue points to show a duration and seek; older Chromiums left them out.
    const hasDuration = clip.includes(Buffer.from([0x44, 0x89]));
    const hasCues = clip.includes(Buffer.from([0x1c, 0x53, 0xbb, 0x6b]));
    if (!hasDuration || !hasCues) throw new Error('This Chromium records WebM without a duration or cues');
    if (Math.abs(recorded.seconds - seconds) > 0.5)
      throw new Error(
        `${slug}: the recording plays for ${recorded.seconds} s, not the storyboard's ${seconds} s`,
      );

    const folder = join(mediaRoot, product, kind);
    mkdirSync(folder, { recursive: true });
    const clipFile = join(folder, `${slug}.webm`);
    writeFileSync(clipFile, clip);
    writeFileSync(join(folder, `${slug}.en.vtt`), captionsVtt(board, relative(repoRoot, file)));
    const fps = recorded.frames / seconds;
    console.log(
      `${relative(repoRoot, clipFile)}: ${(clip.length / 1024).toFixed(1)} KiB, plays ${recorded.seconds.toFixed(2)} s ` +
        `(storyboard ${seconds} s, ${board.scenes.length} scenes), ${fps.toFixed(0)} frames drawn per second`,
    );
    if (fps < FRAME_RATE)
      console.warn(`${slug}: drawing fell behind the frame rate; the clip may stutter, record it again`);
  } finally {
    await context.close();
  }
}

const only = process.argv[2];
const jobs = findStoryboards()
  .filter((found) => !only || found.slug === only)
  .map((found) => ({ ...found, board: loadStoryboard(found) }));
if (jobs.length === 0)
  throw new Error(only ? `No content/*/*/${only}/video.json` : 'No content/*/*/*/video.json storyboards');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const queue = [...jobs];
  const failures = [];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift())
      await renderClip(browser, job).catch((error) => failures.push(`${job.slug}: ${error.message}`));
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, jobs.length) }, worker));
  if (failures.length > 0) throw new Error(`Some clips were not made:\n${failures.join('\n')}`);
} finally {
  await browser.close();
}
