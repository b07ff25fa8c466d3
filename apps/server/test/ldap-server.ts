import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real OpenLDAP server (Debian's `slapd` package) for the directory sign-in tests: its own slapd.conf and
 * mdb database in a temp folder, loaded with slapadd, listening on a free 127.0.0.1 port, run as a child process.
 * Install it with `apt-get install -y slapd ldap-utils`; SLAPD_PATH / SLAPADD_PATH override the binaries.
 */
export const SLAPD = process.env.SLAPD_PATH ?? '/usr/sbin/slapd';
export const SLAPADD = process.env.SLAPADD_PATH ?? '/usr/sbin/slapadd';
const OPENSSL = process.env.OPENSSL_PATH ?? '/usr/bin/openssl';
const SCHEMA_DIR = process.env.SLAPD_SCHEMA_DIR ?? '/etc/ldap/schema';
const MODULE_DIR = process.env.SLAPD_MODULE_DIR ?? '/usr/lib/ldap';

/** Why the directory tests cannot run here, or null when slapd is installed. */
export function slapdMissing(): string | null {
  for (const file of [SLAPD, SLAPADD, path.join(SCHEMA_DIR, 'inetorgperson.schema')]) {
    if (!fs.existsSync(file)) {
      return `OpenLDAP is not installed (${file} is missing): apt-get install -y slapd ldap-utils`;
    }
  }
  return null;
}

export const BASE_DN = 'dc=retail,dc=example';
export const PEOPLE_DN = `ou=people,${BASE_DN}`;
export const SERVICE_DN = `cn=portal-reader,ou=services,${BASE_DN}`;
export const SERVICE_PASSWORD = 'reader-secret-9F2k';

export interface DirectoryPerson {
  uid: string;
  givenName: string;
  sn: string;
  departmentNumber: string;
  /** The directory password; the portal must never store it. */
  password: string;
}

/** The office users of shared/design/demo-data.md, with passwords of their own (not the portal's demo-pass). */
export const DIRECTORY_PEOPLE: DirectoryPerson[] = [
  {
    uid: 'roberts.liepa',
    givenName: 'Roberts',
    sn: 'Liepa',
    departmentNumber: 'lv-office-retail',
    password: 'Liepa-dir-7401',
  },
  {
    uid: 'peteris.kalnins',
    givenName: 'Pēteris',
    sn: 'Kalniņš',
    departmentNumber: 'lv-office-hr',
    password: 'Kalnins-dir-3318',
  },
  {
    uid: 'inga.vitola',
    givenName: 'Inga',
    sn: 'Vītola',
    departmentNumber: 'lv-office-hr',
    password: 'Vitola-dir-5526',
  },
  {
    uid: 'training.manager',
    givenName: 'Training',
    sn: 'Manager',
    departmentNumber: 'lv-office-hr',
    password: 'Manager-dir-8842',
  },
];

/** Why the TLS tests cannot run here (they make their certificates with the openssl tool), or null. */
export function opensslMissing(): string | null {
  return fs.existsSync(OPENSSL) ? null : `openssl is not installed (${OPENSSL} is missing): apt-get install -y openssl`;
}

export interface LdapServer {
  url: string;
  port: number;
  /** With `tls: true`: the ldaps:// listener and the test CA that signed its certificate (for 127.0.0.1). */
  ldapsUrl: string | null;
  caFile: string | null;
  /** Settings that point the portal at this directory. */
  env: Record<string, string>;
  /** Stops slapd (the directory becomes unreachable); start() brings it back on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops slapd and removes its folder. */
  dispose(): Promise<void>;
}

/** {SSHA} as slappasswd makes it: base64(sha1(password + salt) + salt). */
function ssha(password: string): string {
  const salt = randomBytes(8);
  const digest = createHash('sha1').update(password, 'utf8').update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

/** One LDIF line; values that are not plain ASCII go base64-encoded (RFC 2849). */
function ldifLine(attribute: string, value: string): string {
  // RFC 2849's SAFE-STRING is defined by control-character ranges.
  // eslint-disable-next-line no-control-regex
  const safe = /^[\x01-\x09\x0b\x0c\x0e-\x1f\x21-\x39\x3b\x3d-\x7f][\x01-\x09\x0b\x0c\x0e-\x7f]*$/.test(value);
  return safe && !value.endsWith(' ')
    ? `${attribute}: ${value}`
    : `${attribute}:: ${Buffer.from(value, 'utf8').toString('base64')}`;
}

function entry(dn: string, attributes: [string, string][]): string {
  return [ldifLine('dn', dn), ...attributes.map(([a, v]) => ldifLine(a, v))].join('\n');
}

function directoryLdif(people: DirectoryPerson[]): string {
  const entries = [
    entry(BASE_DN, [
      ['objectClass', 'dcObject'],
      ['objectClass', 'organization'],
      ['o', 'Baltic Retail'],
      ['dc', 'retail'],
    ]),
    entry(`ou=services,${BASE_DN}`, [
      ['objectClass', 'organizationalUnit'],
      ['ou', 'services'],
    ]),
    entry(SERVICE_DN, [
      ['objectClass', 'organizationalRole'],
      ['objectClass', 'simpleSecurityObject'],
      ['cn', 'portal-reader'],
      ['userPassword', ssha(SERVICE_PASSWORD)],
    ]),
    entry(PEOPLE_DN, [
      ['objectClass', 'organizationalUnit'],
      ['ou', 'people'],
    ]),
    ...people.map((p) =>
      entry(`uid=${p.uid},${PEOPLE_DN}`, [
        ['objectClass', 'inetOrgPerson'],
        ['uid', p.uid],
        ['cn', `${p.givenName} ${p.sn}`],
        ['givenName', p.givenName],
        ['sn', p.sn],
        ['departmentNumber', p.departmentNumber],
        ['mail', `${p.uid}@retail.example`],
        ['userPassword', ssha(p.password)],
      ]),
    ),
  ];
  return `${entries.join('\n\n')}\n`;
}

function openssl(dir: string, args: string[]): void {
  const run = spawnSync(OPENSSL, args, { cwd: dir, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${args[0]} failed: ${run.stderr}`);
}

/** A throw-away CA and a server certificate it signed for 127.0.0.1 and localhost. */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(dir, [
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
    '-days',
    '2',
    '-subj',
    '/CN=Portal Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(dir, ['req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  fs.writeFileSync(
    path.join(dir, 'server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.crt',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  ]);
  return { ca: path.join(dir, 'ca.crt'), cert: path.join(dir, 'server.crt'), key: path.join(dir, 'server.key') };
}

function slapdConf(dir: string, tls: { ca: string; cert: string; key: string } | null): string {
  return `# Written by apps/server/test/ldap-server.ts for one test run.
include ${SCHEMA_DIR}/core.schema
include ${SCHEMA_DIR}/cosine.schema
include ${SCHEMA_DIR}/inetorgperson.schema
modulepath ${MODULE_DIR}
moduleload back_mdb
pidfile ${path.join(dir, 'slapd.pid')}
argsfile ${path.join(dir, 'slapd.args')}
${tls ? `TLSCACertificateFile ${tls.ca}\nTLSCertificateFile ${tls.cert}\nTLSCertificateKeyFile ${tls.key}\n` : ''}
database mdb
maxsize 10485760
suffix "${BASE_DN}"
rootdn "cn=admin,${BASE_DN}"
directory ${path.join(dir, 'db')}
index uid eq

# Passwords: usable to bind with, readable by nobody.
access to attrs=userPassword
  by anonymous auth
  by * none
# Everything else: only the portal's service account (and each person their own entry) may read.
access to *
  by dn.exact="${SERVICE_DN}" read
  by self read
  by * none
`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts a fresh slapd loaded with the demo office users; `tls` adds an ldaps:// listener and StartTLS. */
export async function startLdapServer(
  options: { tls?: boolean; people?: DirectoryPerson[] } = {},
): Promise<LdapServer> {
  const people = options.people ?? DIRECTORY_PEOPLE;
  const missing = slapdMissing() ?? (options.tls ? opensslMissing() : null);
  if (missing) throw new Error(missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const confFile = path.join(dir, 'slapd.conf');
  let certificates: ReturnType<typeof makeCertificates> | null = null;
  try {
    certificates = options.tls ? makeCertificates(dir) : null;
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  fs.writeFileSync(confFile, slapdConf(dir, certificates));
  fs.writeFileSync(path.join(dir, 'data.ldif'), directoryLdif(people));
  const load = spawnSync(SLAPADD, ['-f', confFile, '-l', path.join(dir, 'data.ldif')], { encoding: 'utf8' });
  if (load.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`slapadd failed (${load.status}): ${load.stderr}`);
  }

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsPort = certificates ? await freePort() : null;
  const ldapsUrl = ldapsPort ? `ldaps://127.0.0.1:${ldapsPort}` : null;
  const listeners = [`${url}/`, ...(ldapsUrl ? [`${ldapsUrl}/`] : [])].join(' ');
  let child: ChildProcess | null = null;
  let log = '';

  const start = async () => {
    if (child) return;
    log = '';
    // -d 0 keeps slapd in the foreground (a child we can stop) without debug output.
    const proc = spawn(SLAPD, ['-f', confFile, '-h', listeners, '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    proc.stdout.on('data', (chunk) => (log += chunk));
    proc.stderr.on('data', (chunk) => (log += chunk));
    child = proc;
    const deadline = Date.now() + 10_000;
    while (!(await acceptsConnections(port)) || (ldapsPort !== null && !(await acceptsConnections(ldapsPort)))) {
      if (proc.exitCode !== null || proc.signalCode !== null) {
        child = null;
        throw new Error(`slapd exited (${proc.exitCode ?? proc.signalCode}): ${log}`);
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`slapd did not accept connections on ${url} within 10 s: ${log}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const stop = async () => {
    const proc = child;
    if (!proc) return;
    child = null;
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await start();
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    ldapsUrl,
    caFile: certificates?.ca ?? null,
    env: {
      LDAP_URL: url,
      LDAP_BIND_DN: SERVICE_DN,
      LDAP_BIND_PASSWORD: SERVICE_PASSWORD,
      LDAP_BASE_DN: PEOPLE_DN,
      LDAP_USER_FILTER: '(&(objectClass=inetOrgPerson)(uid={login}))',
      LDAP_TIMEOUT_MS: '3000',
    },
    start,
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
