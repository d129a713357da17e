/**
 * The production deployment (infra/deploy: compose.yaml, k8s/*.yaml, the Dockerfile) checked against
 * the code, statically: what each service reads from its environment, the ports it listens on, the
 * endpoints it serves and the files its image runs are all derived from the source, so a new required
 * variable, a moved port or a renamed entry point fails here until the deployment follows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

const repo = path.resolve(__dirname, '../../..');
const deployDir = path.join(repo, 'infra/deploy');
const k8sDir = path.join(deployDir, 'k8s');
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');

type Role = 'command-service' | 'projection-service' | 'gateway' | 'migrate';
const roles: Role[] = ['command-service', 'projection-service', 'gateway', 'migrate'];
/** The roles that listen on a port of their own (the migration job does not). */
const servers = ['command-service', 'projection-service', 'gateway'] as const;
type Server = (typeof servers)[number];
const namespace = 'interview-prep';

// ---- What the code says -------------------------------------------------------------------------------

/** Non-test source files under a directory (recursive). */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(path.join(repo, d), { withFileTypes: true })) {
      const file = `${d}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|cjs|js)$/.test(entry.name) && !isTestOnly(file)) out.push(file);
    }
  };
  walk(dir);
  return out;
}

/** Files that only tests load: their variables (CI, ...) are not the deployment's business. */
function isTestOnly(file: string): boolean {
  return /\.test\.ts$|test-support\.ts$|\/hostile\/|\/testing\/|\.d\.ts$/.test(file);
}

/** A workspace package's folder: `@app/<name>` is `<name>/`, the server kit sits in infra/. */
function workspaceDir(name: string): string {
  const folder = name.slice('@app/'.length);
  return folder === 'server-kit' ? 'infra/server-kit' : folder;
}

/** The server kit both services stand on (and the migration job, for the event store's schema). */
const serverKit = sourceFiles('infra/server-kit/src');

/** The code each role runs. */
const roleSources: Record<Role, string[]> = {
  'command-service': [...sourceFiles('command-service/src'), ...serverKit],
  'projection-service': [...sourceFiles('projection-service/src'), ...serverKit],
  gateway: ['infra/deploy/bin/gateway.cjs', 'infra/src/gateway.ts'],
  migrate: [
    'infra/deploy/bin/migrate.cjs',
    'command-service/src/infrastructure/migrations.ts',
    ...sourceFiles('infra/server-kit/src/event-store'),
  ],
};

/** Files holding a role's configuration: there, a call with an ENV_NAME literal first reads that variable. */
const configFiles: Record<Role, string[]> = {
  'command-service': ['command-service/src/infrastructure/config.ts', 'infra/server-kit/src/config.ts'],
  'projection-service': ['projection-service/src/infrastructure/config.ts', 'infra/server-kit/src/config.ts'],
  gateway: ['infra/deploy/bin/gateway.cjs'],
  migrate: ['infra/deploy/bin/migrate.cjs'],
};

/** Environment variable names a source reads. */
export function envNamesIn(source: string, isConfig: boolean): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)) names.add(m[1]);
  for (const m of source.matchAll(/\benv\[\s*'([A-Z][A-Z0-9_]*)'\s*\]/g)) names.add(m[1]);
  if (isConfig) for (const m of source.matchAll(/\w\(\s*'([A-Z][A-Z0-9]*_[A-Z0-9_]+)'/g)) names.add(m[1]);
  return [...names];
}

/** Variables a source refuses to start without ("NAME is required", or required('NAME')). */
export function requiredNamesIn(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/'([A-Z][A-Z0-9_]*) is required/g)) names.add(m[1]);
  for (const m of source.matchAll(/\brequired\(\s*'([A-Z][A-Z0-9_]*)'\s*\)/g)) names.add(m[1]);
  return [...names];
}

const readByRole = Object.fromEntries(
  roles.map((role) => {
    const names = new Set<string>();
    for (const file of roleSources[role])
      for (const name of envNamesIn(read(file), configFiles[role].includes(file))) names.add(name);
    return [role, names];
  }),
) as Record<Role, Set<string>>;

const requiredByRole = Object.fromEntries(
  roles.map((role) => [role, new Set(roleSources[role].flatMap((file) => requiredNamesIn(read(file))))]),
) as Record<Role, Set<string>>;

/** The port a server listens on: `port: Number(env.A ?? env.B ?? 8081)` in its config. */
function portRule(role: Server): { names: string[]; fallback: number } {
  const source = read(configFiles[role][0]);
  const match = /\bport\s*[:=]\s*Number\(([^)]*)\)/.exec(source);
  if (!match) throw new Error(`no port setting found in ${configFiles[role][0]}`);
  const names = [...match[1].matchAll(/env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]);
  const fallback = Number(/\?\?\s*(\d+)\s*$/.exec(match[1].trim())?.[1]);
  if (!Number.isInteger(fallback)) throw new Error(`no default port in ${configFiles[role][0]}`);
  return { names, fallback };
}

/** Paths the two services serve outside /api (the shared HealthController), and the gateway's. */
function servedPaths(): Record<Server, Set<string>> {
  const controller = read('infra/server-kit/src/http/health.controller.ts');
  expect(controller).toMatch(/@Controller\(\)/);
  const health = new Set(
    [...controller.matchAll(/@Get\('([^']+)'\)/g)].map((m) => `/${m[1].replace(/^\//, '')}`),
  );
  for (const module of ['command-service/src/app.module.ts', 'projection-service/src/app.module.ts'])
    expect(read(module)).toContain('HealthController');
  expect(read('infra/server-kit/src/http/http-app.ts')).not.toContain('setGlobalPrefix');
  const gateway = new Set(
    [...read('infra/src/gateway.ts').matchAll(/app\.get\('([^']+)'/g)].map((m) => m[1]),
  );
  return { 'command-service': health, 'projection-service': health, gateway };
}

// ---- What the deployment says --------------------------------------------------------------------------

type EnvSource = { value?: string; secret?: string; configMap?: string };
type ContainerView = {
  where: string;
  env: Map<string, EnvSource>;
  command: string[];
  image: string;
};

// merge: compose files share settings through YAML merge keys (<<: *anchor).
const compose = parse(fs.readFileSync(path.join(deployDir, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
};
type ComposeService = {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string };
  command?: string[];
  environment?: Record<string, string | number | boolean> | string[];
  env_file?: (string | { path: string })[];
  expose?: (string | number)[];
  ports?: (string | number)[];
  healthcheck?: { test: string[] | string };
  deploy?: { replicas?: number; resources?: { limits?: { cpus?: string } } };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  privileged?: boolean;
};

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
};

function yamlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? yamlFiles(path.join(dir, e.name))
        : /\.ya?ml$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );
}

const k8sFiles = yamlFiles(k8sDir).filter((f) => path.basename(f) !== 'kustomization.yaml');
const k8sObjects: (K8sObject & { file: string })[] = k8sFiles.flatMap((file) =>
  parseAllDocuments(fs.readFileSync(file, 'utf8')).map((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return { ...(doc.toJS() as K8sObject), file: path.relative(repo, file) };
  }),
);
const k8s = (kind: string, name: string) => {
  const found = k8sObjects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in infra/deploy/k8s`);
  return found;
};
const secretTemplate = k8s('Secret', 'platform-secrets');
const configMaps = new Map(
  k8sObjects.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data ?? {}]),
);

/** Which Kubernetes workload and container run each role. */
const k8sWorkload: Record<Role, { kind: string; name: string; container: string }> = {
  'command-service': { kind: 'Deployment', name: 'command-service', container: 'command-service' },
  'projection-service': { kind: 'Deployment', name: 'projection-service', container: 'projection-service' },
  gateway: { kind: 'Deployment', name: 'gateway', container: 'gateway' },
  migrate: { kind: 'Job', name: 'migrate', container: 'migrate' },
};

/** Example files of compose's env_files: `platform.env` is documented by `platform.env.example`. */
function envFileKeys(file: string): Map<string, string> {
  const example = path.join(deployDir, `${file}.example`);
  expect(fs.existsSync(example)).toBe(true);
  const keys = new Map<string, string>();
  for (const line of fs.readFileSync(example, 'utf8').split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) keys.set(m[1], m[2]);
  }
  return keys;
}

function composeContainer(name: string): ContainerView {
  const service = compose.services[name];
  if (!service) throw new Error(`compose.yaml has no service ${name}`);
  const env = new Map<string, EnvSource>();
  for (const entry of service.env_file ?? []) {
    const file = typeof entry === 'string' ? entry : entry.path;
    for (const key of envFileKeys(file).keys()) env.set(key, { secret: file });
  }
  const environment = service.environment ?? {};
  const pairs = Array.isArray(environment)
    ? environment.map((e) => e.split('=', 2) as [string, string])
    : Object.entries(environment).map(([k, v]) => [k, String(v)] as [string, string]);
  for (const [key, value] of pairs) env.set(key, { value });
  return { where: `compose.yaml ${name}`, env, command: service.command ?? [], image: service.image ?? '' };
}

function podSpec(role: Role) {
  const { kind, name } = k8sWorkload[role];
  return k8s(kind, name).spec.template.spec;
}

function k8sContainerView(
  role: Role,
  container: { name: string; env?: unknown[]; envFrom?: unknown[]; command?: string[]; image: string },
): ContainerView {
  const env = new Map<string, EnvSource>();
  type EnvFrom = { configMapRef?: { name: string }; secretRef?: { name: string } };
  for (const from of (container.envFrom ?? []) as EnvFrom[]) {
    if (from.configMapRef) {
      const data = configMaps.get(from.configMapRef.name);
      if (!data) throw new Error(`${role}: no ConfigMap ${from.configMapRef.name}`);
      for (const [key, value] of Object.entries(data))
        env.set(key, { value: String(value), configMap: from.configMapRef.name });
    }
    if (from.secretRef) {
      expect(from.secretRef.name).toBe(secretTemplate.metadata.name);
      for (const key of Object.keys(secretTemplate.stringData ?? {}))
        env.set(key, { secret: from.secretRef.name });
    }
  }
  type EnvVar = {
    name: string;
    value?: string;
    valueFrom?: {
      secretKeyRef?: { name: string; key: string };
      configMapKeyRef?: { name: string; key: string };
    };
  };
  for (const entry of (container.env ?? []) as EnvVar[]) {
    if (entry.value !== undefined) env.set(entry.name, { value: String(entry.value) });
    else if (entry.valueFrom?.secretKeyRef) {
      const { name, key } = entry.valueFrom.secretKeyRef;
      expect(name).toBe(secretTemplate.metadata.name);
      if (!(key in (secretTemplate.stringData ?? {})))
        throw new Error(`${role}: the Secret template has no ${key}`);
      env.set(entry.name, { secret: name });
    } else if (entry.valueFrom?.configMapKeyRef) {
      const { name, key } = entry.valueFrom.configMapKeyRef;
      const value = configMaps.get(name)?.[key];
      if (value === undefined) throw new Error(`${role}: ConfigMap ${name} has no ${key}`);
      env.set(entry.name, { value, configMap: name });
    }
  }
  return {
    where: `k8s ${role}/${container.name}`,
    env,
    command: container.command ?? [],
    image: container.image,
  };
}

function k8sContainer(role: Role): ContainerView {
  const spec = podSpec(role);
  const container = spec.containers.find((c: { name: string }) => c.name === k8sWorkload[role].container);
  if (!container) throw new Error(`k8s ${role}: no container ${k8sWorkload[role].container}`);
  return k8sContainerView(role, container);
}

// ---- The Dockerfile -----------------------------------------------------------------------------------

const dockerfilePath = 'infra/deploy/Dockerfile';
type Stage = { name: string; from: string; lines: string[] };
const stages: Stage[] = (() => {
  const logical = read(dockerfilePath)
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const out: Stage[] = [];
  for (const line of logical) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) out.push({ name: from[2] ?? '', from: from[1], lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
})();
const stage = (name: string) => {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`${dockerfilePath} has no stage ${name}`);
  return found;
};
/** A stage's lines, those of the stages it is built FROM first. */
function stageLines(name: string): string[] {
  const s = stage(name);
  const parent = stages.find((p) => p.name === s.from);
  return [...(parent ? stageLines(parent.name) : []), ...s.lines];
}
function imageEnv(target: string): Map<string, string> {
  const env = new Map<string, string>();
  for (const line of stageLines(target).filter((l) => /^ENV\s/i.test(l)))
    for (const m of line.slice(4).matchAll(/([A-Z][A-Z0-9_]*)=(\S+)/g)) env.set(m[1], m[2]);
  return env;
}

/** The image (compose name without tag) each role runs, and the Dockerfile target building it. */
function imageTarget(role: Role): { image: string; target: string } {
  const service = compose.services[role];
  const image = (service.image ?? '').replace(/:[^/:]+$/, '');
  const target = service.build?.target;
  if (!target) throw new Error(`compose ${role} has no build target`);
  return { image, target };
}

// ---- Shared helpers ----------------------------------------------------------------------------------

/** Variables every container has without the deployment setting them. */
const ambient = new Set(['PATH', 'HOME', 'HOSTNAME']);

/** Variables the deployment leaves to the code's defaults on purpose: the table in infra/deploy/README.md. */
const documentedDefaults: Set<string> = (() => {
  const readme = read('infra/deploy/README.md');
  const section = /### Variables left to their defaults\n([\s\S]*?)(\n##|$)/.exec(readme);
  if (!section)
    throw new Error('infra/deploy/README.md has no "### Variables left to their defaults" section');
  return new Set(
    section[1]
      .split('\n')
      .filter((l) => l.startsWith('|'))
      .flatMap((l) => [...(l.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])),
  );
})();

/** Set by the deployment even though the code has a default, and the value it must have (if fixed). */
const deploymentSettings: Record<Role, Record<string, string | undefined>> = {
  // HOST: the code's default (127.0.0.1) is out of reach of probes, Services and the gateway.
  // MIGRATE_ON_START: the migration job owns the schema. PUBLIC_URL: OAuth callbacks and postMessage.
  'command-service': {
    DATABASE_URL: undefined,
    HOST: '0.0.0.0',
    NODE_ENV: 'production',
    MIGRATE_ON_START: 'false',
    PUBLIC_URL: undefined,
    STAFF_TOKEN: undefined,
    KAFKA_BROKERS: undefined,
    RUN_WORKERS: undefined,
  },
  'projection-service': {
    DATABASE_URL: undefined,
    HOST: '0.0.0.0',
    NODE_ENV: 'production',
    MIGRATE_ON_START: 'false',
    STAFF_TOKEN: undefined,
  },
  gateway: { HOST: '0.0.0.0' },
  migrate: { DATABASE_URL: undefined },
};

/** Where a variable a container needs comes from: the container, or the image it runs. */
function isSet(view: ContainerView, role: Role, name: string): boolean {
  return view.env.has(name) || imageEnv(imageTarget(role).target).has(name);
}
function valueOf(view: ContainerView, role: Role, name: string): string | undefined {
  return view.env.get(name)?.value ?? imageEnv(imageTarget(role).target).get(name);
}

function effectivePort(view: ContainerView, role: Server): number {
  const rule = portRule(role);
  for (const name of rule.names) {
    const value = valueOf(view, role, name);
    if (value !== undefined) return Number(value);
  }
  return rule.fallback;
}

/** `node X` in a command: X must exist, or be the dist file `npm run build` makes from an existing source. */
function expectRunnable(command: string[], where: string) {
  const script = command[0] === 'node' ? command.find((a, i) => i > 0 && !a.startsWith('-')) : undefined;
  if (!script) throw new Error(`${where}: the command ${JSON.stringify(command)} runs no node script`);
  expectBuiltOrPresent(script, where);
}
function expectBuiltOrPresent(file: string, where: string) {
  const dist = /^([\w-]+)\/dist\/(.+)\.js$/.exec(file);
  if (dist) {
    const [, workspace, rest] = dist;
    const tsconfig = read(`${workspace}/tsconfig.json`);
    expect({
      where,
      file,
      rootDir: /"rootDir":\s*"src"/.test(tsconfig),
      outDir: /"outDir":\s*"dist"/.test(tsconfig),
    }).toEqual({
      where,
      file,
      rootDir: true,
      outDir: true,
    });
    expect({ where, source: fs.existsSync(path.join(repo, workspace, 'src', `${rest}.ts`)) }).toEqual({
      where,
      source: true,
    });
    if (fs.existsSync(path.join(repo, workspace, 'dist')))
      expect({ where, built: fs.existsSync(path.join(repo, file)) }).toEqual({ where, built: true });
  } else {
    expect({ where, file, exists: fs.existsSync(path.join(repo, file)) }).toEqual({
      where,
      file,
      exists: true,
    });
  }
}

/** An http URL's path and port in a healthcheck command. */
function healthcheckUrl(test: string[] | string): { port: number; path: string } {
  const text = Array.isArray(test) ? test.join(' ') : test;
  const m = /http:\/\/(?:127\.0\.0\.1|localhost):(\d+)(\/[\w/.-]*)/.exec(text);
  if (!m) throw new Error(`no http URL in the healthcheck ${text}`);
  return { port: Number(m[1]), path: m[2] };
}

/** A container port by number or name. */
function resolvePort(
  container: { ports?: { name?: string; containerPort: number }[] },
  port: number | string,
): number {
  if (typeof port === 'number') return port;
  const found = container.ports?.find((p) => p.name === port);
  if (!found) throw new Error(`no container port named ${port}`);
  return found.containerPort;
}

// ---- The checks -----------------------------------------------------------------------------------------

describe('deployment: what the code reads', () => {
  it('finds the variables the code reads and requires (the derivation itself)', () => {
    expect(readByRole['command-service']).toEqual(expect.any(Set));
    for (const name of [
      'DATABASE_URL',
      'COMMAND_SERVICE_PORT',
      'HOST',
      'STAFF_TOKEN',
      'KAFKA_BROKERS',
      'RUN_WORKERS',
    ])
      expect(readByRole['command-service'].has(name)).toBe(true);
    for (const name of ['DATABASE_URL', 'PROJECTION_SERVICE_PORT', 'STAFF_TOKEN', 'LOG_LEVEL'])
      expect(readByRole['projection-service'].has(name)).toBe(true);
    expect(requiredByRole['command-service'].has('DATABASE_URL')).toBe(true);
    expect(requiredByRole['projection-service'].has('DATABASE_URL')).toBe(true);
    expect([...requiredByRole.gateway].sort()).toEqual(['COMMAND_SERVICE_URL', 'PROJECTION_SERVICE_URL']);
    expect(envNamesIn("const x = env.NEW_SETTING; positive('SOME_LIMIT', 1)", true)).toEqual([
      'NEW_SETTING',
      'SOME_LIMIT',
    ]);
    expect(requiredNamesIn("throw new Error('NEW_URL is required.')")).toEqual(['NEW_URL']);
  });

  for (const role of roles) {
    for (const platform of ['compose', 'k8s'] as const) {
      it(`${platform} ${role}: every required variable is set, and every variable read is set or documented`, () => {
        const view = platform === 'compose' ? composeContainer(role) : k8sContainer(role);
        const required = new Set([...requiredByRole[role], ...Object.keys(deploymentSettings[role])]);
        const missingRequired = [...required].filter((name) => !isSet(view, role, name));
        expect({ where: view.where, missingRequired }).toEqual({ where: view.where, missingRequired: [] });
        const unaccounted = [...readByRole[role]].filter(
          (name) => !isSet(view, role, name) && !documentedDefaults.has(name) && !ambient.has(name),
        );
        // A variable the code reads must be set here or listed in infra/deploy/README.md's defaults table.
        expect({ where: view.where, unaccounted }).toEqual({ where: view.where, unaccounted: [] });
        for (const [name, expected] of Object.entries(deploymentSettings[role]))
          if (expected !== undefined)
            expect({ where: view.where, name, value: valueOf(view, role, name) }).toEqual({
              where: view.where,
              name,
              value: expected,
            });
      });
    }
  }

  it('every variable documented as left to its default is read by some code', () => {
    const readAnywhere = new Set(roles.flatMap((role) => [...readByRole[role]]));
    expect([...documentedDefaults].filter((name) => !readAnywhere.has(name))).toEqual([]);
  });
});

describe('deployment: ports and probes', () => {
  const paths = servedPaths();

  it('the services serve the probes', () => {
    for (const role of ['command-service', 'projection-service'] as const)
      for (const p of ['/health/live', '/health/ready', '/metrics']) expect(paths[role].has(p)).toBe(true);
    expect(paths.gateway.has('/health')).toBe(true);
  });

  for (const role of servers) {
    it(`compose ${role}: listens where it is exposed and probed`, () => {
      const view = composeContainer(role);
      const port = effectivePort(view, role);
      const service = compose.services[role];
      const exposed = [
        ...(service.expose ?? []).map(Number),
        ...(service.ports ?? []).map((p) => Number(String(p).split(':').at(-1))),
      ];
      expect({ role, exposed }).toEqual({ role, exposed: expect.arrayContaining([port]) });
      const probe = healthcheckUrl(service.healthcheck!.test);
      expect(probe.port).toBe(port);
      expect(paths[role].has(probe.path)).toBe(true);
      if (role !== 'gateway') expect(probe.path).toBe('/health/ready');
    });

    it(`k8s ${role}: container port, probes, Service and metrics annotations agree with the code`, () => {
      const view = k8sContainer(role);
      const port = effectivePort(view, role);
      const spec = podSpec(role);
      const container = spec.containers.find((c: { name: string }) => c.name === k8sWorkload[role].container);
      expect(container.ports.map((p: { containerPort: number }) => p.containerPort)).toContain(port);
      type Probe = {
        httpGet?: { path: string; port: number | string };
        tcpSocket?: { port: number | string };
      };
      const probes = Object.fromEntries(
        ['livenessProbe', 'readinessProbe', 'startupProbe']
          .filter((kind) => container[kind])
          .map((kind) => [kind, container[kind] as Probe]),
      );
      expect(Object.keys(probes)).toEqual(expect.arrayContaining(['livenessProbe', 'readinessProbe']));
      for (const [kind, probe] of Object.entries(probes)) {
        const target = probe.httpGet ?? probe.tcpSocket;
        expect({ role, kind, port: resolvePort(container, target!.port) }).toEqual({ role, kind, port });
        if (probe.httpGet)
          expect({ role, kind, served: paths[role].has(probe.httpGet.path) }).toEqual({
            role,
            kind,
            served: true,
          });
      }
      if (role !== 'gateway') {
        expect(probes.livenessProbe.httpGet?.path).toBe('/health/live');
        expect(probes.readinessProbe.httpGet?.path).toBe('/health/ready');
        const annotations = k8s('Deployment', role).spec.template.metadata.annotations ?? {};
        expect(Number(annotations['prometheus.io/port'])).toBe(port);
        expect(paths[role].has(annotations['prometheus.io/path'])).toBe(true);
      }
      const service = k8s('Service', role);
      const labels = k8s('Deployment', role).spec.template.metadata.labels;
      for (const [key, value] of Object.entries(service.spec.selector as Record<string, string>))
        expect(labels[key]).toBe(value);
      for (const p of service.spec.ports) expect(resolvePort(container, p.targetPort ?? p.port)).toBe(port);
    });
  }

  it('the gateway reaches both services where they listen (compose service names, k8s Services)', () => {
    for (const platform of ['compose', 'k8s'] as const) {
      const gateway = platform === 'compose' ? composeContainer('gateway') : k8sContainer('gateway');
      for (const [variable, role] of [
        ['COMMAND_SERVICE_URL', 'command-service'],
        ['PROJECTION_SERVICE_URL', 'projection-service'],
      ] as const) {
        const url = new URL(valueOf(gateway, 'gateway', variable)!);
        const target = platform === 'compose' ? composeContainer(role) : k8sContainer(role);
        if (platform === 'compose') {
          expect(url.hostname).toBe(role);
          expect(Number(url.port)).toBe(effectivePort(target, role));
        } else {
          expect(url.hostname).toMatch(
            new RegExp(`^${role}(\\.${namespace}(\\.svc(\\.cluster\\.local)?)?)?$`),
          );
          const service = k8s('Service', role);
          expect(service.spec.ports.map((p: { port: number }) => p.port)).toContain(Number(url.port));
        }
      }
    }
  });

  it('the Ingress sends everything to the gateway Service', () => {
    const ingress = k8s('Ingress', 'interview-prep');
    const gatewayService = k8s('Service', 'gateway');
    for (const rule of ingress.spec.rules)
      for (const p of rule.http.paths) {
        expect(p.backend.service.name).toBe('gateway');
        const port = p.backend.service.port;
        expect(
          gatewayService.spec.ports.some(
            (sp: { name: string; port: number }) => sp.name === port.name || sp.port === port.number,
          ),
        ).toBe(true);
      }
    // PUBLIC_URL (OAuth callbacks) names the Ingress host.
    const publicUrl = new URL(configMaps.get('platform-config')!.PUBLIC_URL);
    expect(ingress.spec.rules.map((r: { host: string }) => r.host)).toContain(publicUrl.hostname);
  });

  it('Kafka: the brokers the services are given are the ones the broker advertises', () => {
    const composeKafka = composeContainer('kafka');
    expect(compose.services.kafka.image).toMatch(/^apache\/kafka:/);
    const k8sKafka = k8s('StatefulSet', 'kafka').spec.template.spec.containers[0];
    expect(k8sKafka.image).toMatch(/^apache\/kafka:/);
    const k8sAdvertised = k8sKafka.env.find(
      (e: { name: string }) => e.name === 'KAFKA_ADVERTISED_LISTENERS',
    ).value;
    for (const role of ['command-service', 'projection-service'] as const) {
      const c = composeContainer(role).env.get('KAFKA_BROKERS')?.value;
      expect(composeKafka.env.get('KAFKA_ADVERTISED_LISTENERS')?.value).toContain(`//${c}`);
      expect(compose.services[role].depends_on?.kafka?.condition).toBe('service_healthy');
      const k = k8sContainer(role).env.get('KAFKA_BROKERS')?.value;
      expect(k8sAdvertised).toContain(`//${k}`);
      expect(k).toMatch(
        new RegExp(`^kafka-0\\.${k8s('StatefulSet', 'kafka').spec.serviceName}\\.${namespace}\\.`),
      );
    }
    expect(k8s('Service', 'kafka').spec.clusterIP).toBe('None');
    // The forwarder and the consumers agree on the topic and its partitions.
    for (const platform of ['compose', 'k8s'] as const) {
      const view = (role: Role) => (platform === 'compose' ? composeContainer(role) : k8sContainer(role));
      for (const name of ['KAFKA_TOPIC', 'KAFKA_TOPIC_PARTITIONS'])
        expect({ platform, name, value: view('projection-service').env.get(name)?.value }).toEqual({
          platform,
          name,
          value: view('command-service').env.get(name)?.value,
        });
    }
  });
});

describe('deployment: the parts and their wiring', () => {
  it('compose: every part exists, with volumes and health checks where they keep state', () => {
    for (const name of ['postgres', 'kafka', 'migrate', 'command-service', 'projection-service', 'gateway'])
      expect(Object.keys(compose.services)).toContain(name);
    for (const name of ['postgres', 'kafka']) {
      expect(compose.services[name].healthcheck).toBeDefined();
      const [volume] = (compose.services[name].volumes ?? [])[0].split(':');
      expect(Object.keys(compose.volumes ?? {})).toContain(volume);
    }
    for (const name of ['command-service', 'projection-service', 'gateway'])
      expect(compose.services[name].healthcheck).toBeDefined();
    expect(compose.services['projection-service'].deploy?.replicas).toBeGreaterThanOrEqual(2);
    // The migration job runs first; the services wait for it and never migrate themselves.
    expect(compose.services.migrate.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const role of ['command-service', 'projection-service'])
      expect(compose.services[role].depends_on?.migrate?.condition).toBe('service_completed_successfully');
    expect(compose.services.migrate.command).toEqual(['node', 'infra/deploy/bin/migrate.cjs']);
  });

  it('k8s: namespace, StatefulSets with volume claims, Deployments scaled apart, the Job, PDB and HPA', () => {
    for (const o of k8sObjects.filter((o) => o.kind !== 'Namespace'))
      expect({ file: o.file, ns: o.metadata.namespace }).toEqual({ file: o.file, ns: namespace });
    k8s('Namespace', namespace);
    for (const name of ['postgres', 'kafka']) {
      const set = k8s('StatefulSet', name);
      expect(set.spec.volumeClaimTemplates.length).toBeGreaterThan(0);
      const container = set.spec.template.spec.containers[0];
      expect(container.volumeMounts.map((m: { name: string }) => m.name)).toContain(
        set.spec.volumeClaimTemplates[0].metadata.name,
      );
      expect(container.readinessProbe).toBeDefined();
      expect(container.livenessProbe).toBeDefined();
      expect(k8s('Service', name).spec.clusterIP).toBe('None');
      expect(set.spec.serviceName).toBe(name);
    }
    for (const role of ['command-service', 'projection-service', 'gateway'] as const) {
      const deployment = k8s('Deployment', role);
      const container = deployment.spec.template.spec.containers[0];
      expect(container.resources.requests).toBeDefined();
      expect(container.resources.limits).toBeDefined();
      for (const [key, value] of Object.entries(deployment.spec.selector.matchLabels))
        expect(deployment.spec.template.metadata.labels[key]).toBe(value);
    }
    expect(k8s('Deployment', 'projection-service').spec.replicas).toBeGreaterThanOrEqual(2);
    const hpa = k8s('HorizontalPodAutoscaler', 'projection-service');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'projection-service' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    const pdb = k8s('PodDisruptionBudget', 'projection-service');
    const podLabels = k8s('Deployment', 'projection-service').spec.template.metadata.labels;
    for (const [key, value] of Object.entries(pdb.spec.selector.matchLabels))
      expect(podLabels[key]).toBe(value);
    // Migrations: the Job applies them; the services' pods wait for them in an init container.
    expect(k8sContainer('migrate').command).toEqual(['node', 'infra/deploy/bin/migrate.cjs']);
    for (const role of ['command-service', 'projection-service'] as const) {
      const init = podSpec(role).initContainers ?? [];
      expect(init.map((c: { command: string[] }) => c.command)).toContainEqual([
        'node',
        'infra/deploy/bin/migrate.cjs',
        '--wait',
      ]);
      for (const c of init) {
        const view = k8sContainerView(role, c);
        expect(view.env.has('DATABASE_URL')).toBe(true);
      }
    }
  });

  it('kustomization lists every manifest (the Secret template excepted)', () => {
    const kustomization = parse(fs.readFileSync(path.join(k8sDir, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
    };
    const topLevel = fs.readdirSync(k8sDir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(topLevel.sort());
    expect(k8sFiles.map((f) => path.relative(k8sDir, f))).toContain('templates/platform-secrets.yaml');
  });

  it('the sandbox: command-service alone is privileged, as root; nothing else is', () => {
    expect(compose.services['command-service'].privileged).toBe(true);
    for (const [name, service] of Object.entries(compose.services))
      if (name !== 'command-service')
        expect({ name, privileged: service.privileged ?? false }).toEqual({ name, privileged: false });
    const spec = podSpec('command-service');
    const sc = spec.containers[0].securityContext;
    expect(sc).toMatchObject({ privileged: true, runAsUser: 0 });
    expect(spec).toMatchObject({
      hostNetwork: false,
      hostPID: false,
      hostIPC: false,
      automountServiceAccountToken: false,
    });
    for (const o of k8sObjects.filter((o) => o.spec?.template?.spec))
      for (const c of [...o.spec.template.spec.containers, ...(o.spec.template.spec.initContainers ?? [])])
        if (!(o.metadata.name === 'command-service' && c.name === 'command-service'))
          expect({
            object: o.metadata.name,
            container: c.name,
            privileged: c.securityContext?.privileged ?? false,
          }).toEqual({ object: o.metadata.name, container: c.name, privileged: false });
    // Sandbox slots: no more than the CPUs the container gets (cpus() counts the host's cores).
    const workers = Number(k8sContainer('command-service').env.get('RUN_WORKERS')?.value);
    expect(workers).toBeLessThanOrEqual(
      Number(String(spec.containers[0].resources.limits.cpu).replace(/m$/, '')) /
        (String(spec.containers[0].resources.limits.cpu).endsWith('m') ? 1000 : 1),
    );
    const composeWorkers = Number(composeContainer('command-service').env.get('RUN_WORKERS')?.value);
    expect(composeWorkers).toBeLessThanOrEqual(
      Number(compose.services['command-service'].deploy?.resources?.limits?.cpus),
    );
  });

  it('no secret has a value in the repository', () => {
    for (const value of Object.values(secretTemplate.stringData ?? {})) expect(value).toBe('');
    expect(secretTemplate.data).toBeUndefined();
    for (const file of fs.readdirSync(deployDir).filter((f) => f.endsWith('.env.example')))
      for (const [key, value] of envFileKeys(file.replace(/\.example$/, '')))
        expect({ file, key, value }).toEqual({ file, key, value: '' });
    const secretish = /PASSWORD|SECRET|TOKEN|DATABASE_URL/;
    for (const name of Object.keys(compose.services))
      for (const [key, source] of composeContainer(name).env)
        if (secretish.test(key))
          expect({ name, key, literal: source.value !== undefined }).toEqual({ name, key, literal: false });
    for (const [name, data] of configMaps)
      for (const key of Object.keys(data))
        expect({ name, key, secret: secretish.test(key) }).toEqual({ name, key, secret: false });
    for (const o of k8sObjects.filter((o) => o.spec?.template?.spec))
      for (const c of [...o.spec.template.spec.containers, ...(o.spec.template.spec.initContainers ?? [])])
        for (const e of c.env ?? [])
          if (secretish.test(e.name))
            expect({ object: o.metadata.name, name: e.name, literal: e.value !== undefined }).toEqual({
              object: o.metadata.name,
              name: e.name,
              literal: false,
            });
    const ignored = fs.readFileSync(path.join(deployDir, '.gitignore'), 'utf8');
    expect(ignored).toMatch(/^\*\.env$/m);
  });
});

describe('deployment: images and the files they run', () => {
  it('compose builds from the Dockerfile, each target a stage of it', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.build) continue;
      const build =
        typeof service.build === 'object'
          ? service.build
          : { context: service.build, dockerfile: 'Dockerfile' };
      expect(path.resolve(deployDir, build.context)).toBe(repo);
      expect({
        name,
        dockerfile: path.join(path.relative(repo, path.resolve(deployDir, build.context)), build.dockerfile),
      }).toEqual({ name, dockerfile: dockerfilePath });
      stage(build.target!);
    }
    // Compose's YAML anchors: every service built from the app target shares one image name.
    const images = new Map<string, string>();
    for (const role of roles) {
      const { image, target } = imageTarget(role);
      expect(images.get(image) ?? target).toBe(target);
      images.set(image, target);
    }
  });

  it('k8s runs the images compose builds, each role the same one', () => {
    for (const role of roles) {
      const k8sImage = k8sContainer(role).image.replace(/:[^/:]+$/, '');
      expect({ role, image: k8sImage }).toEqual({ role, image: imageTarget(role).image });
    }
    for (const role of ['command-service', 'projection-service'] as const)
      for (const init of podSpec(role).initContainers ?? [])
        expect(init.image.replace(/:[^/:]+$/, '')).toBe(imageTarget('migrate').image);
  });

  it('every command runs a file the repository has or `npm run build` makes', () => {
    for (const role of roles) {
      expectRunnable(composeContainer(role).command, `compose ${role}`);
      expectRunnable(k8sContainer(role).command, `k8s ${role}`);
    }
    for (const s of stages)
      for (const line of s.lines.filter((l) => /^(CMD|RUN)\s/.test(l)))
        for (const m of line.matchAll(/\bnode"?,?\s*"?([\w./-]+\.c?js)\b/g))
          expectBuiltOrPresent(m[1], `${dockerfilePath} ${s.name}`);
  });

  it("the Dockerfile's COPY sources exist or are built", () => {
    for (const s of stages)
      for (const line of s.lines.filter((l) => /^COPY\s/i.test(l))) {
        const parts = line.split(/\s+/).slice(1);
        const fromStage = parts.find((p) => p.startsWith('--from='))?.slice('--from='.length);
        const sources = parts.filter((p) => !p.startsWith('--')).slice(0, -1);
        for (const source of sources) {
          if (!fromStage) {
            expect({ line, exists: fs.existsSync(path.join(repo, source)) }).toEqual({ line, exists: true });
            continue;
          }
          // A stage that only names an external image (Go's): its files are that image's.
          if (!stages.some((st) => st.name === fromStage && st.lines.length > 0)) continue;
          const relative = source.replace(/^\/app\//, '');
          if (relative === 'node_modules') continue; // npm ci's, in the stage it is copied from
          const dist = /^([\w-]+)\/dist$/.exec(relative);
          if (dist) {
            const workspace = dist[1];
            const built =
              workspace === 'web'
                ? /"build":\s*"node scripts\/build\.mjs"/.test(read('web/package.json')) &&
                  /'vite', 'vite'\), \['build'\]/.test(read('web/scripts/build.mjs'))
                : /"outDir":\s*"dist"/.test(read(`${workspace}/tsconfig.json`));
            expect({ line, built }).toEqual({ line, built: true });
          } else if (relative.startsWith('node_modules/')) {
            const pkg = relative.slice('node_modules/'.length);
            const rootPackage = JSON.parse(read('package.json'));
            expect({
              line,
              dependency:
                pkg in { ...rootPackage.dependencies, ...rootPackage.devDependencies } ||
                relative === 'node_modules',
            }).toEqual({ line, dependency: true });
          } else {
            expect({ line, exists: fs.existsSync(path.join(repo, relative)) }).toEqual({
              line,
              exists: true,
            });
          }
        }
      }
  });

  it('the entry points in infra/deploy/bin load what the code exports', () => {
    for (const script of ['infra/deploy/bin/gateway.cjs', 'infra/deploy/bin/migrate.cjs']) {
      const source = read(script);
      for (const m of source.matchAll(/const \{([^}]+)\} = require\('([^']+)'\)/g)) {
        const names = m[1].split(',').map((n) => n.trim().split(':')[0].trim());
        const target = m[2];
        let sources: string[];
        if (target.startsWith('@app/')) sources = sourceFiles(`${workspaceDir(target)}/src`);
        else if (target.startsWith('.')) {
          const built = path.relative(repo, path.resolve(repo, path.dirname(script), target));
          const src = built.replace(/^([\w-]+)\/dist\/(.+)\.js$/, '$1/src/$2.ts');
          expect({ script, target, src: fs.existsSync(path.join(repo, src)) }).toEqual({
            script,
            target,
            src: true,
          });
          sources = [src];
        } else continue; // node built-ins and packages
        const all = sources.map(read).join('\n');
        for (const name of names)
          expect({
            script,
            name,
            exported: new RegExp(`export (const|function|async function|class) ${name}\\b`).test(all),
          }).toEqual({ script, name, exported: true });
      }
    }
  });

  it('the command-service image has the sandbox and every language toolchain the engine checks for', () => {
    const lines = stageLines('command-service').join('\n');
    for (const pkg of ['bubblewrap', 'util-linux', 'tini']) expect(lines).toContain(pkg);
    expect(lines).toMatch(/ENTRYPOINT \["\/usr\/bin\/tini"/);
    // Each program a language needs (programsAvailable in its module), and what installs it in the image.
    const provides: Record<string, RegExp | null> = {
      node: /FROM \$\{NODE_IMAGE\}|node:20/,
      'g++': /\bg\+\+/,
      mcs: /\bmono-mcs\b/,
      mono: /\bmono-runtime\b/,
      go: /\/usr\/local\/go/,
      java: /openjdk-\d+-jdk/,
      javac: /openjdk-\d+-jdk/,
      python3: /\bpython3\b/,
      swiftc: null, // not installable on Debian: answered LANGUAGE_UNAVAILABLE (README.md)
    };
    const dockerfile = read(dockerfilePath);
    const programs = new Set(
      sourceFiles('command-service/src/execution/languages').flatMap((file) =>
        [...read(file).matchAll(/programsAvailable\(sandbox, \[([^\]]+)\]\)/g)].flatMap((m) =>
          [...m[1].matchAll(/'([^']+)'/g)].map((p) => p[1]),
        ),
      ),
    );
    expect(programs.size).toBeGreaterThan(5);
    for (const program of programs) {
      expect({ program, known: program in provides }).toEqual({ program, known: true });
      const rule = provides[program];
      if (rule) expect({ program, installed: rule.test(dockerfile) }).toEqual({ program, installed: true });
    }
    // --strict: the image build fails when a language other than Swift cannot run.
    expect(lines).toMatch(/node infra\/dist\/ensure-toolchains\.js --strict/);
    expect(imageEnv('command-service').get('TOOLCHAINS_DIR')).toBeDefined();
  });
});
