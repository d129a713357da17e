#!/usr/bin/env node
/* global URL, Buffer, Blob, process, console, document, MediaRecorder, requestAnimationFrame, performance, FileReader */
/*
 * Makes the algorithms product's intro clip, web/public/media/algoexpert-intro.webm: an original title card
 * ('Ace the Technical Interviews' over bars that sort themselves), drawn on a canvas in Debian's Chromium
 * and recorded with MediaRecorder as WebM (VP8, no audio track). The result is committed, so builds need no
 * browser; run this again only to change the clip: `node web/scripts/make-intro-clip.mjs`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const WIDTH = 640;
const HEIGHT = 360;
const DURATION_MS = 4000;
const output = fileURLToPath(new URL('../public/media/algoexpert-intro.webm', import.meta.url));

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
  const page = await browser.newPage();
  const recorded = await page.evaluate(
    ({ width, height, durationMs }) =>
      new Promise((resolve, reject) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        document.body.append(canvas);
        const context = canvas.getContext('2d');

        // Twelve bars in a fixed shuffled order, sorted one bubble-sort swap at a time.
        const bars = [7, 3, 11, 1, 9, 5, 12, 2, 8, 4, 10, 6];
        const swaps = [];
        const order = [...bars];
        for (let end = order.length - 1; end > 0; end -= 1)
          for (let i = 0; i < end; i += 1)
            if (order[i] > order[i + 1]) {
              [order[i], order[i + 1]] = [order[i + 1], order[i]];
              swaps.push(i);
            }

        function draw(elapsed) {
          const progress = Math.min(1, elapsed / durationMs);
          const background = context.createLinearGradient(0, 0, width, height);
          background.addColorStop(0, '#0b1f3a');
          background.addColorStop(1, '#12355b');
          context.fillStyle = background;
          context.fillRect(0, 0, width, height);

          const current = [...bars];
          const done = Math.floor(Math.min(1, progress / 0.8) * swaps.length);
          for (const i of swaps.slice(0, done)) [current[i], current[i + 1]] = [current[i + 1], current[i]];
          const barWidth = 28;
          const gap = 10;
          const left = (width - (current.length * (barWidth + gap) - gap)) / 2;
          current.forEach((value, index) => {
            const barHeight = value * 9;
            const isMoving = done < swaps.length && (swaps[done] === index || swaps[done] + 1 === index);
            context.fillStyle = isMoving ? '#f59e0b' : '#3b82f6';
            context.fillRect(left + index * (barWidth + gap), height - 40 - barHeight, barWidth, barHeight);
          });

          const titleIn = Math.min(1, elapsed / 600);
          context.globalAlpha = titleIn;
          context.fillStyle = '#ffffff';
          context.textAlign = 'center';
          context.font = 'bold 36px sans-serif';
          context.fillText('Ace the Technical Interviews', width / 2, 70 + (1 - titleIn) * 12);
          context.font = '20px sans-serif';
          context.fillStyle = '#cbd5e1';
          context.fillText('AlgoExpert · a quick introduction', width / 2, 106);
          context.globalAlpha = 1;
        }

        draw(0);
        const recorder = new MediaRecorder(canvas.captureStream(30), {
          mimeType: 'video/webm;codecs=vp8',
          videoBitsPerSecond: 150_000,
        });
        const chunks = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        recorder.onerror = (event) => reject(new Error(String(event.error)));
        recorder.onstop = () => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result).split(',')[1]);
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(new Blob(chunks, { type: 'video/webm' }));
        };
        const start = performance.now();
        recorder.start();
        function frame() {
          const elapsed = performance.now() - start;
          draw(elapsed);
          if (elapsed < durationMs) requestAnimationFrame(frame);
          else recorder.stop();
        }
        requestAnimationFrame(frame);
      }),
    { width: WIDTH, height: HEIGHT, durationMs: DURATION_MS },
  );
  const clip = Buffer.from(recorded, 'base64');
  // Players need the length and the cue points to show a duration and seek; older Chromiums left them out.
  const hasDuration = clip.includes(Buffer.from([0x44, 0x89]));
  const hasCues = clip.includes(Buffer.from([0x1c, 0x53, 0xbb, 0x6b]));
  if (!hasDuration || !hasCues) throw new Error('This Chromium records WebM without a duration or cues');
  mkdirSync(fileURLToPath(new URL('../public/media/', import.meta.url)), { recursive: true });
  writeFileSync(output, clip);
  console.log(`${output}: ${(clip.length / 1024).toFixed(1)} KiB, ${DURATION_MS} ms, ${WIDTH}x${HEIGHT}`);
} finally {
  await browser.close();
}
