/*
 * Compares two renderings of the same viewport with pixelmatch (an ES module, loaded once with a dynamic
 * import, as the service's other ES-module-only dependencies are) and pngjs.
 */
import type * as PixelmatchModule from 'pixelmatch' with { 'resolution-mode': 'import' };
import { PNG } from 'pngjs';

export type ScreenshotComparison = {
  width: number;
  height: number;
  diffPixels: number;
  /** diffPixels over every pixel of the larger image. */
  diffRatio: number;
  /** PNG: differing pixels in red over a faded copy of the reference. */
  diffImage: Buffer;
};

type Pixelmatch = typeof PixelmatchModule.default;
let pixelmatchModule: Promise<Pixelmatch> | undefined;
function loadPixelmatch(): Promise<Pixelmatch> {
  pixelmatchModule ??= import('pixelmatch').then((module) => module.default);
  return pixelmatchModule;
}

/**
 * `threshold`: pixelmatch's colour distance under which two pixels count as equal (0 to 1). Images of
 * different sizes are compared on the larger canvas, the missing area counting as different.
 */
export async function compareScreenshots(
  reference: Buffer,
  candidate: Buffer,
  threshold: number,
): Promise<ScreenshotComparison> {
  const pixelmatch = await loadPixelmatch();
  let expected: PNG = PNG.sync.read(reference);
  let actual: PNG = PNG.sync.read(candidate);
  const width = Math.max(expected.width, actual.width);
  const height = Math.max(expected.height, actual.height);
  expected = onCanvas(expected, width, height);
  actual = onCanvas(actual, width, height);
  const diff = new PNG({ width, height });
  const diffPixels = pixelmatch(expected.data, actual.data, diff.data, width, height, {
    threshold,
    includeAA: false,
    alpha: 0.2,
  });
  return {
    width,
    height,
    diffPixels,
    diffRatio: diffPixels / (width * height),
    diffImage: PNG.sync.write(diff),
  };
}

/** The image on a canvas of the given size (transparent where it has no pixels). */
function onCanvas(image: PNG, width: number, height: number): PNG {
  if (image.width === width && image.height === height) return image;
  const canvas = new PNG({ width, height });
  PNG.bitblt(image, canvas, 0, 0, image.width, image.height, 0, 0);
  return canvas;
}
