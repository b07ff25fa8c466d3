import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { courseRoutes, type managerRoutes } from '@portal/shared';

type ScormVersion = courseRoutes.ScormVersion;
type ScoLaunchValues = courseRoutes.ScoLaunchValues;

const { NO_LAUNCH_VALUES } = courseRoutes;

/** One launchable item of a package (a SCO, or an asset the organisation lists). */
export interface ManifestSco {
  /** The item's identifier in the manifest. */
  id: string;
  title: string;
  /** Launch path inside the package (forward slashes, no leading slash), with the item's parameters. */
  href: string;
  /** What the run-time is seeded with on every launch, from the item's manifest elements. */
  launch: ScoLaunchValues;
}

export interface Manifest {
  version: ScormVersion;
  /** The manifest's schemaversion text, e.g. "1.2" or "2004 3rd Edition". */
  schemaVersion: string;
  title: string;
  scos: ManifestSco[];
  /**
   * The launchable items the organisation hides (`isvisible="false"`): no parts of the course's list, but sequencing
   * may deliver them.
   */
  hiddenScos: ManifestSco[];
  /** The first SCO's launch path: what the player opens first. */
  launchFile: string;
}

/** A manifest the portal cannot run, with the reason the upload reports (managerRoutes.PACKAGE_REASONS). */
export class ManifestError extends Error {
  constructor(
    readonly refusal: managerRoutes.PackageRefusal,
    message: string,
  ) {
    super(message);
  }
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ['organization', 'item', 'resource', 'file', 'dependency', 'objective'].includes(name),
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
    throw new ManifestError(
      { reason: 'outside-path', path: joined.slice(0, 200) },
      `The manifest points outside the package: "${joined.slice(0, 200)}".`,
    );
  }
  const [file = '', query] = splitQuery(joined);
  const normal = path.posix.normalize(decodeSafe(file));
  if (normal === '..' || normal.startsWith('../') || normal === '.' || normal === '') {
    throw new ManifestError(
      { reason: 'outside-path', path: joined.slice(0, 200) },
      `The manifest points outside the package: "${joined.slice(0, 200)}".`,
    );
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
  throw new ManifestError(
    { reason: 'unknown-version' },
    'The manifest names no SCORM version this portal runs (1.2 or 2004).',
  );
}

const TIME_LIMIT_ACTIONS = ['exit,message', 'exit,no message', 'continue,message', 'continue,no message'];

/** A number in [min, max] as the manifest wrote it, or '' when it is missing or out of range. */
function numberText(value: string, min: number, max: number): string {
  if (value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? value : '';
}

/**
 * The completion threshold an `adlcp:completionThreshold` sets: its minProgressMeasure, or 1.0 when it completes by
 * measure without naming one (CAM 4th Edition: minProgressMeasure defaults to 1.0), or its text (3rd Edition).
 */
function thresholdText(threshold: unknown): string {
  const node = asNode(threshold);
  if (!node) return text(threshold);
  const measure = attr(node, 'minProgressMeasure');
  if (measure !== '') return measure;
  return attr(node, 'completedByMeasure') === 'true' ? '1.0' : text(node);
}

/**
 * The launch values of one item (SCORM 1.2 CAM 2.3.2 adlcp elements; SCORM 2004 CAM adlcp elements and the item's
 * imsss sequencing: attempt duration limit, primary objective and objectives).
 */
function launchValues(item: Node, version: ScormVersion): ScoLaunchValues {
  const action = text(item.timelimitaction ?? item.timeLimitAction).toLowerCase();
  const values: ScoLaunchValues = {
    ...NO_LAUNCH_VALUES,
    launch_data: text(item.datafromlms ?? item.dataFromLMS),
    time_limit_action: TIME_LIMIT_ACTIONS.includes(action) ? action : '',
  };
  if (version === '1.2') {
    return {
      ...values,
      mastery_score: numberText(text(item.masteryscore), 0, 100),
      max_time_allowed: text(item.maxtimeallowed),
    };
  }
  const threshold = item.completionThreshold;
  const sequencing = asNode(item.sequencing);
  const objectives = asNode(sequencing?.objectives);
  const primary = asNode(objectives?.primaryObjective);
  const byMeasure = attr(primary, 'satisfiedByMeasure') === 'true';
  const ids = [attr(primary, 'objectiveID'), ...asList(objectives?.objective).map((o) => attr(o, 'objectiveID'))];
  return {
    ...values,
    completion_threshold: numberText(thresholdText(threshold), 0, 1),
    max_time_allowed: attr(asNode(sequencing?.limitConditions), 'attemptAbsoluteDurationLimit'),
    scaled_passing_score: byMeasure ? numberText(text(primary?.minNormalizedMeasure) || '1.0', -1, 1) : '',
    objective_ids: [...new Set(ids.filter(Boolean))],
  };
}

/** Reads an imsmanifest.xml with a real XML parser: SCORM version, title, SCOs in organisation order. */
export function parseManifest(xml: string): Manifest {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ManifestError(
      { reason: 'manifest-not-xml', line: valid.err.line },
      `imsmanifest.xml is not well-formed XML (line ${valid.err.line}: ${valid.err.msg}).`,
    );
  }
  const doc = parser.parse(xml) as Node;
  const manifest = asNode(doc.manifest);
  if (!manifest) {
    throw new ManifestError({ reason: 'manifest-unreadable' }, 'imsmanifest.xml has no <manifest> root element.');
  }

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
  const hiddenScos: ManifestSco[] = [];
  const launchOf = (resource: Node, parameters: string) => {
    const href = attr(resource, 'href');
    if (!href) return null;
    return withParameters(packagePath(resourcesBase, attr(resource, 'base'), href), parameters);
  };
  const walk = (items: Node[]) => {
    for (const item of items) {
      const ref = attr(item, 'identifierref');
      const resource = ref ? resources.get(ref) : undefined;
      const href = resource ? launchOf(resource, attr(item, 'parameters')) : null;
      if (href) {
        const id = attr(item, 'identifier') || ref;
        const sco = { id, title: text(item.title) || ref, href, launch: launchValues(item, version) };
        (attr(item, 'isvisible') === 'false' ? hiddenScos : scos).push(sco);
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
        scos.push({ id: identifier, title: identifier, href, launch: NO_LAUNCH_VALUES });
        break;
      }
    }
  }
  const first = scos[0];
  if (!first) {
    if (!organization) {
      throw new ManifestError(
        { reason: 'no-organization' },
        'The manifest has no organisation and no SCO resource: nothing to launch.',
      );
    }
    throw new ManifestError(
      { reason: 'no-launchable-sco' },
      'The manifest names no launchable SCO (no item with a resource href).',
    );
  }
  const title = text(organization?.title) || first.title;
  return { version, schemaVersion: schemaVersion || version, title, scos, hiddenScos, launchFile: first.href };
}
