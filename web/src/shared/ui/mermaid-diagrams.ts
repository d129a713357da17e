import mermaid from 'mermaid';

let initialised = false;
let counter = 0;

/**
 * Draws each ```mermaid code block as its diagram, in place of the block. Mermaid's strict security
 * level escapes labels and turns off clicks and scripts in diagrams. A block that fails to parse keeps
 * showing its source.
 */
export async function drawDiagrams(blocks: HTMLElement[], cancelled: () => boolean): Promise<void> {
  if (!initialised) {
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default' });
    initialised = true;
  }
  for (const code of blocks) {
    const pre = code.parentElement;
    if (!pre?.isConnected || cancelled()) continue;
    try {
      const { svg } = await mermaid.render(`mermaid-diagram-${++counter}`, code.textContent ?? '');
      if (cancelled() || !pre.isConnected) return;
      const figure = document.createElement('figure');
      figure.className = 'markdown-diagram';
      figure.setAttribute('role', 'img');
      figure.setAttribute('aria-label', 'Diagram');
      figure.innerHTML = svg;
      pre.replaceWith(figure);
    } catch {
      pre.classList.add('markdown-diagram--failed');
    }
  }
}
