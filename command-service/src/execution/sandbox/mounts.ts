/*
 * Mounting and unmounting the boxes' work-dir tmpfs through one long-lived root shell, so the service
 * (a big Node process, slow to fork) does not fork twice per box: the shell forks `mount` and `umount`
 * instead and answers one line per request, in order. Paths and options come from the sandbox only.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

const SCRIPT = `
while read -r op dir opts; do
  case "$op" in
    mount) out=$(mkdir -m 700 "$dir" 2>&1 && mount -t tmpfs -o "$opts" rce-box "$dir" 2>&1) ;;
    remount) out=$(mount -o "remount,$opts" "$dir" 2>&1) ;;
    umount) out=$(umount -l "$dir" 2>&1; rmdir "$dir" 2>&1) ;;
    *) out="unknown request $op"; false ;;
  esac
  if [ $? -eq 0 ]; then echo ok; else printf 'error %s\\n' "$(printf %s "$out" | tr '\\n' ' ')"; fi
done
`;

export class MountHelper {
  private readonly waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private readonly shell: ChildProcessWithoutNullStreams;
  private dead: Error | undefined;

  constructor(systemPath: string) {
    this.shell = spawn('/bin/sh', ['-c', SCRIPT], { env: { PATH: systemPath } });
    this.hold(false);
    this.shell.stderr.resume();
    createInterface({ input: this.shell.stdout }).on('line', (line) => {
      const waiter = this.waiting.shift();
      if (this.waiting.length === 0) this.hold(false);
      if (line === 'ok') waiter?.resolve();
      else waiter?.reject(new Error(line.replace(/^error /, '').trim() || 'mount helper failed'));
    });
    const die = (error: Error) => {
      this.dead = error;
      this.hold(false);
      for (const waiter of this.waiting.splice(0)) waiter.reject(error);
    };
    this.shell.on('error', die);
    this.shell.on('exit', () => die(new Error('mount helper exited')));
    this.shell.stdin.on('error', () => undefined);
  }

  /** Makes `dir` and mounts a tmpfs with `options` on it. */
  mount(dir: string, options: string): Promise<void> {
    return this.request(`mount ${dir} ${options}`);
  }

  remount(dir: string, options: string): Promise<void> {
    return this.request(`remount ${dir} ${options}`);
  }

  /** Detaches the tmpfs on `dir` (its content goes with it) and removes the mount point. */
  unmount(dir: string): Promise<void> {
    return this.request(`umount ${dir} -`);
  }

  close(): void {
    this.shell.stdin.end();
  }

  /** The idle helper must not keep the process alive; one with requests in flight must. */
  private hold(busy: boolean): void {
    for (const handle of [this.shell, this.shell.stdin, this.shell.stdout, this.shell.stderr]) {
      const refs = handle as unknown as { ref?: () => void; unref?: () => void };
      if (busy) refs.ref?.();
      else refs.unref?.();
    }
  }

  private request(line: string): Promise<void> {
    if (/[\n\s]/.test(line.split(' ').slice(1).join(''))) {
      return Promise.reject(new Error(`unsafe mount request: ${line}`));
    }
    if (this.dead) return Promise.reject(this.dead);
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) this.hold(true);
      this.waiting.push({ resolve, reject });
      this.shell.stdin.write(`${line}\n`);
    });
  }
}
