import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The text of a PDF, extracted by pdf-parse (Mozilla's PDF.js) in a child Node process: PDF.js loads
 * its worker by dynamic import, which Jest's module system cannot do in-process.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, bytes);
    // The package exports no path to its command line; it sits three folders above the CommonJS entry.
    const cli = path.resolve(path.dirname(require.resolve('pdf-parse')), '../../../bin/cli.mjs');
    const { stdout } = await run(process.execPath, [cli, 'text', file], { maxBuffer: 8 * 1024 * 1024 });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
