/*
 * Cgroup discovery and limits on a fake cgroup v2 tree (this machine may only have v1, and the real
 * hierarchies are exercised by the bubblewrap tests).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BoxCgroup, Cgroups, parseMountinfo, parseProcCgroup } from './cgroups';

describe('cgroup discovery', () => {
  it('parses mountinfo and /proc/self/cgroup, with escapes and cgroup namespaces', () => {
    const mounts = parseMountinfo(
      [
        '32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime shared:9 - cgroup cgroup rw,cpu,cpuacct',
        '35 31 0:32 /docker/abc /sys/fs/cgroup/my\\040memory rw - cgroup cgroup rw,memory',
        '40 23 0:40 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw,nsdelegate',
      ].join('\n'),
    );
    expect(mounts[0]).toMatchObject({ fsType: 'cgroup', superOptions: ['rw', 'cpu', 'cpuacct'] });
    expect(mounts[1]).toMatchObject({ root: '/docker/abc', mountPoint: '/sys/fs/cgroup/my memory' });
    expect(mounts[2]).toMatchObject({ fsType: 'cgroup2', mountPoint: '/sys/fs/cgroup/unified' });
    expect(parseProcCgroup('4:memory:/a/b\n2:cpu,cpuacct:/\n0::/svc:x\n')).toEqual([
      { hierarchy: '4', controllers: ['memory'], path: '/a/b' },
      { hierarchy: '2', controllers: ['cpu', 'cpuacct'], path: '/' },
      { hierarchy: '0', controllers: [''], path: '/svc:x' },
    ]);
  });

  describe('cgroup v2 (fake tree)', () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'fake-cgroup2-'));
      writeFileSync(join(root, 'cgroup.controllers'), 'cpuset cpu io memory hugetlb pids rdma misc\n');
      mkdirSync(join(root, 'service'));
      writeFileSync(join(root, 'service', 'cgroup.controllers'), 'cpu memory pids\n');
      // A directory left by a service process that died (no process has pid 2^22 + 1 here).
      mkdirSync(join(root, 'service', 'rce-sandbox-4194305'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    const source = (path: string) => ({
      procSelfCgroup: `0::${path}\n`,
      mountinfo: `40 23 0:40 / ${root} rw,nosuid - cgroup2 cgroup2 rw\n`,
      pid: 4242,
    });

    it('makes its instance cgroup under its own, enables the controllers and sweeps stale ones', async () => {
      const cgroups = await Cgroups.detect(source('/service'), undefined);
      if (typeof cgroups === 'string') throw new Error(cgroups);
      expect(cgroups.version).toBe('v2');
      const instance = join(root, 'service', 'rce-sandbox-4242');
      expect(readFileSync(join(root, 'service', 'cgroup.subtree_control'), 'utf8')).toBe('+cpu');
      expect(readFileSync(join(instance, 'cgroup.subtree_control'), 'utf8')).toBe('+memory +pids +cpu');
      expect(existsSync(join(root, 'service', 'rce-sandbox-4194305'))).toBe(false);

      const box = await cgroups.create('box-1');
      expect(box.procsFiles).toEqual([join(instance, 'box-1-1', 'cgroup.procs')]);
      await box.setLimits({ memoryBytes: 64 * 1024 * 1024, maxProcesses: 34, cpuCores: 1.5 });
      const dir = join(instance, 'box-1-1');
      expect(readFileSync(join(dir, 'memory.max'), 'utf8')).toBe(String(64 * 1024 * 1024));
      expect(readFileSync(join(dir, 'memory.swap.max'), 'utf8')).toBe('0');
      expect(readFileSync(join(dir, 'memory.oom.group'), 'utf8')).toBe('1');
      expect(readFileSync(join(dir, 'pids.max'), 'utf8')).toBe('34');
      expect(readFileSync(join(dir, 'cpu.max'), 'utf8')).toBe('150000 100000');

      expect(await box.usage()).toEqual({ outOfMemory: false, processLimitHit: false });
      writeFileSync(join(dir, 'memory.events'), 'low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\n');
      writeFileSync(join(dir, 'pids.events'), 'max 7\n');
      expect(await box.usage()).toEqual({ outOfMemory: true, processLimitHit: true });
    });

    it('uses the root cgroup itself, and an explicit parent when told', async () => {
      const atRoot = await Cgroups.detect(source('/'), undefined);
      if (typeof atRoot === 'string') throw new Error(atRoot);
      expect(existsSync(join(root, 'rce-sandbox-4242'))).toBe(true);
      const told = await Cgroups.detect(source('/elsewhere'), join(root, 'service'));
      expect(typeof told).not.toBe('string');
      expect(existsSync(join(root, 'service', 'rce-sandbox-4242'))).toBe(true);
    });

    it('answers why when the memory or pids controller is missing', async () => {
      writeFileSync(join(root, 'service', 'cgroup.controllers'), 'cpu\n');
      writeFileSync(join(root, 'cgroup.controllers'), 'cpu\n');
      expect(await Cgroups.detect(source('/service'), undefined)).toMatch(
        /memory or pids controller not available/,
      );
    });
  });

  it('reads cgroup v1 OOM kills and process-limit hits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fake-cgroup1-'));
    try {
      const box = new BoxCgroup('v1', { memory: dir, pids: dir });
      writeFileSync(join(dir, 'memory.oom_control'), 'oom_kill_disable 0\nunder_oom 0\noom_kill 0\n');
      writeFileSync(join(dir, 'memory.failcnt'), '5\n');
      expect(await box.usage()).toEqual({ outOfMemory: false, processLimitHit: false });
      const before = await box.counters();
      writeFileSync(join(dir, 'memory.oom_control'), 'oom_kill_disable 0\nunder_oom 0\noom_kill 2\n');
      writeFileSync(join(dir, 'pids.events'), 'max 1\n');
      expect(await box.usage(before)).toEqual({ outOfMemory: true, processLimitHit: true });
      // Counters are cumulative: the next command is judged on what changed since it started.
      expect(await box.usage(await box.counters())).toEqual({ outOfMemory: false, processLimitHit: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
