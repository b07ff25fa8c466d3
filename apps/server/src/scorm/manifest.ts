import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { courseRoutes } from '@portal/shared';

type ScormVersion = courseRoutes.ScormVersion;

/** One launchable item of a package (a SCO, or an asset the organisation lists). */
export interface ManifestSco {
  /** The item's identifier in the manifest. */
  id: string;
  title: string;
  /** Launch path inside the package (forward slashes, no leading slash), with the item's parameters. */
  href: string;
}

export interface Manifest {
  version: ScormVersion;
  /** The manifest's schemaversion text, e.g. "1.2" or "2004 3rd Edition". */
  schemaVersion: string;
  title: string;
  scos: ManifestSco[];
  /** The first SCO's launch path: what the player opens first. */
  launchFile: string;
}

export class ManifestError extends Error {}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ['organization', 'item', 'resource', 'file', 'dependency'].includes(name),
});

const asNode = (value: unknown): Node | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const asList = (value: unknown): Node[] => (Array.isArray(value) ? value.filter((v): v is Node => !!asNode(v)) : []);
const text = (value: unknown): string => {
  if (typeof value === 'string') return value.trim();
  const node = asNode(value);
  if (node && typeof node['#text'] === 'string') return node['#text'].trim();
  return '';
};
const attr = (node: Node | undefined, name: string): string => {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? value.trim() : '';
};

/** Joins xml:base values and an href into a path inside the package; refuses absolute URLs and escapes. */
export function packagePath(...parts: string[]): string {
  const joined = parts.filter(Boolean).join('/').replace(/\\/g, '/');
  if (/^[a-z][a-z0-9+.-]*:/i.test(joined) || joined.startsWith('/')) {
    throw new ManifestError(`The manifest points outside the package: "${joined.slice(0, 200)}".`);
  }
  const [file = '', query] = splitQuery(joined);
  const normal = path.posix.normalize(decodeSafe(file));
  if (normal === '..' || normal.startsWith('../') || normal === '.' || normal === '') {
    throw new ManifestError(`The manifest points outside the package: "${joined.slice(0, 200)}".`);
  }
  return query === undefined ? normal : `${normal}?${query}`;
}

function decodeSafe(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

function splitQuery(href: string): [string, string | undefined] {
  const hash = href.indexOf('#');
  const withoutHash = hash >= 0 ? href.slice(0, hash) : href;
  const q = withoutHash.indexOf('?');
  return q >= 0 ? [withoutHash.slice(0, q), withoutHash.slice(q + 1)] : [withoutHash, undefined];
}

/** Appends an item's `parameters` attribute (SCORM CAM: "?a=b", "#x" or "a=b") to a launch path. */
export function withParameters(href: string, parameters: string): string {
  if (!parameters) return href;
  if (parameters.startsWith('#')) return href + parameters;
  const trimmed = parameters.replace(/^[?&]+/, '');
  return href + (href.includes('?') ? '&' : '?') + trimmed;
}

function detectVersion(manifest: Node, schemaVersion: string): ScormVersion {
  const sv = schemaVersion.toLowerCase();
  if (sv === '1.2') return '1.2';
  if (sv.includes('2004') || sv.startsWith('cam 1.3') || sv === '1.3') return '2004';
  const namespaces = Object.entries(manifest)
    .filter(([key]) => key.startsWith('@_'))
    .map(([, value]) => String(value).toLowerCase())
    .join(' ');
  if (namespaces.includes('adlcp_rootv1p2') || namespaces.includes('imscp_rootv1p1p2')) return '1.2';
  if (namespaces.includes('adlcp_v1p3') || namespaces.includes('imscp_v1p1')) return '2004';
  throw new ManifestError('The manifest names no SCORM version this portal runs (1.2 or 2004).');
}

/** Reads an imsmanifest.xml with a real XML parser: SCORM version, title, SCOs in organisation order. */
export function parseManifest(xml: string): Manifest {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ManifestError(`imsmanifest.xml is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}).`);
  }
  const doc = parser.parse(xml) as Node;
  const manifest = asNode(doc.manifest);
  if (!manifest) throw new ManifestError('imsmanifest.xml has no <manifest> root element.');

  const metadata = asNode(manifest.metadata);
  const schemaVersion = text(metadata?.schemaversion);
  const version = detectVersion(manifest, schemaVersion);

  const resourcesNode = asNode(manifest.resources);
  const resourcesBase = attr(resourcesNode, 'base');
  const resources = new Map<string, Node>();
  for (const resource of asList(resourcesNode?.resource)) resources.set(attr(resource, 'identifier'), resource);

  const organizationsNode = asNode(manifest.organizations);
  const organizations = asList(organizationsNode?.organization);
  const defaultId = attr(organizationsNode, 'default');
  const organization = organizations.find((o) => attr(o, 'identifier') === defaultId) ?? organizations[0];

  const scos: ManifestSco[] = [];
  const launchOf = (resource: Node, parameters: string) => {
    const href = attr(resource, 'href');
    if (!href) return null;
    return withParameters(packagePath(resourcesBase, attr(resource, 'base'), href), parameters);
  };
  const walk = (items: Node[]) => {
    for (const item of items) {
      if (attr(item, 'isvisible') !== 'false') {
        const ref = attr(item, 'identifierref');
        const resource = ref ? resources.get(ref) : undefined;
        const href = resource ? launchOf(resource, attr(item, 'parameters')) : null;
        if (href) scos.push({ id: attr(item, 'identifier') || ref, title: text(item.title) || ref, href });
      }
      walk(asList(item.item));
    }
  };
  if (organization) walk(asList(organization.item));

  // A package without an organisation may still name a launchable SCO resource.
  if (scos.length === 0) {
    for (const [identifier, resource] of resources) {
      const type = (attr(resource, 'scormtype') || attr(resource, 'scormType')).toLowerCase();
      const href = type === 'sco' ? launchOf(resource, '') : null;
      if (href) {
        scos.push({ id: identifier, title: identifier, href });
        break;
      }
    }
  }
  const first = scos[0];
  if (!first) throw new ManifestError('The manifest names no launchable SCO (no item with a resource href).');
  const title = text(organization?.title) || first.title;
  return { version, schemaVersion: schemaVersion || version, title, scos, launchFile: first.href };
}
