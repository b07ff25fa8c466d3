import { packagePath, withParameters } from '../manifest.js';
import { completeSequencing } from './activity.js';
import { overlay, readSequencingElement, type SequencingParts } from './sequencing-element.js';
import type { ActivityLaunch, ActivitySettings, CourseSequencing, HideLmsUiItem, TimeLimitAction } from './types.js';
import { AttributeReader, decimalIn, SequencingError } from './values.js';
import { childOf, childrenOf, NAMESPACES, parseXmlTree, type XmlElement } from './xml-tree.js';

const HIDE_LMS_UI: readonly HideLmsUiItem[] = [
  'continue',
  'previous',
  'exit',
  'exitAll',
  'abandon',
  'abandonAll',
  'suspendAll',
];
const TIME_LIMIT_ACTIONS: readonly TimeLimitAction[] = [
  'exit,message',
  'exit,no message',
  'continue,message',
  'continue,no message',
];
const NOTHING: SequencingParts = {
  controls: {},
  delivery: {},
  limits: {},
  considerations: {},
  rules: {},
  adlObjectives: [],
};

/** The organisation has none of an item's presentation elements. */
const ORGANIZATION_PRESENTATION = {
  isVisible: true,
  timeLimitAction: null,
  completionThreshold: { completedByMeasure: false, minProgressMeasure: 1, progressWeight: 1 },
  hideLmsUi: [],
  sharedDataMaps: [],
};

/** Content-packaging elements: in the imscp namespace, or in none when a manifest forgets to declare it. */
const cpChildren = (element: XmlElement | undefined, name: string) =>
  element?.children.filter((child) => child.name === name && (child.ns === NAMESPACES.imscp || child.ns === '')) ?? [];

interface Context {
  collection: Map<string, SequencingParts>;
  resources: Map<string, ActivityLaunch>;
  launches: Record<string, ActivityLaunch>;
  ids: Set<string>;
}

function readCollection(manifest: XmlElement): Map<string, SequencingParts> {
  const collection = new Map<string, SequencingParts>();
  for (const element of childrenOf(childOf(manifest, 'imsss', 'sequencingCollection'), 'imsss', 'sequencing')) {
    const read = new AttributeReader('the sequencing collection', element);
    const id = read.string('ID') ?? read.fail('a <sequencing> in it has no ID.');
    const where = `sequencing collection member "${id}"`;
    if (collection.has(id)) throw new SequencingError(where, 'the ID is used twice.');
    if (element.attrs.IDRef !== undefined) throw new SequencingError(where, 'it refers to another member (IDRef).');
    collection.set(id, readSequencingElement(where, element));
  }
  return collection;
}

function readResources(manifest: XmlElement): Map<string, ActivityLaunch> {
  const resourcesElement = cpChildren(manifest, 'resources')[0];
  const resources = new Map<string, ActivityLaunch>();
  for (const resource of cpChildren(resourcesElement, 'resource')) {
    const href = resource.attrs.href;
    if (!resource.attrs.identifier || !href) continue;
    const scormType = (resource.attrs.scormType ?? resource.attrs.scormtype ?? '').toLowerCase();
    resources.set(resource.attrs.identifier, {
      href: packagePath(resourcesElement?.attrs.base ?? '', resource.attrs.base ?? '', href),
      scormType: scormType === 'sco' ? 'sco' : 'asset',
    });
  }
  return resources;
}

/** The item-only parts: visibility, LMS controls to hide, completion threshold, shared data, time limit action. */
function itemPresentation(where: string, item: XmlElement) {
  const read = new AttributeReader(where, item);
  const hide = childrenOf(
    childOf(childOf(item, 'adlnav', 'presentation'), 'adlnav', 'navigationInterface'),
    'adlnav',
    'hideLMSUI',
  ).map((element) => {
    if (!(HIDE_LMS_UI as readonly string[]).includes(element.text)) {
      throw new SequencingError(
        where,
        `<hideLMSUI>${element.text.slice(0, 40)}</hideLMSUI> is not one of ${HIDE_LMS_UI.join(', ')}.`,
      );
    }
    return element.text as HideLmsUiItem;
  });
  const threshold = childOf(item, 'adlcp', 'completionThreshold');
  const thresholdRead = threshold && new AttributeReader(where, threshold);
  // SCORM 2004 3rd Edition gives the threshold as the element's text.
  const thresholdText = threshold?.text ? decimalIn(read, '<completionThreshold>', threshold.text, 0, 1) : undefined;
  const timeLimitAction = childOf(item, 'adlcp', 'timeLimitAction')?.text;
  if (timeLimitAction !== undefined && !(TIME_LIMIT_ACTIONS as readonly string[]).includes(timeLimitAction)) {
    throw new SequencingError(
      where,
      `<timeLimitAction> "${timeLimitAction.slice(0, 40)}" is not one of ${TIME_LIMIT_ACTIONS.join('; ')}.`,
    );
  }
  return {
    isVisible: read.boolean('isvisible') ?? true,
    timeLimitAction: (timeLimitAction as TimeLimitAction | undefined) ?? null,
    completionThreshold: {
      completedByMeasure: thresholdRead?.boolean('completedByMeasure') ?? thresholdText !== undefined,
      minProgressMeasure: thresholdRead?.decimal('minProgressMeasure', 0, 1) ?? thresholdText ?? 1,
      progressWeight: thresholdRead?.decimal('progressWeight', 0, 1) ?? 1,
    },
    hideLmsUi: [...new Set(hide)],
    sharedDataMaps: childrenOf(childOf(item, 'adlcp', 'data'), 'adlcp', 'map').map((map) => {
      const mapRead = new AttributeReader(where, map);
      return {
        targetID: mapRead.anyUri('targetID') ?? mapRead.fail('an <adlcp:map> has no targetID.'),
        readSharedData: mapRead.boolean('readSharedData') ?? true,
        writeSharedData: mapRead.boolean('writeSharedData') ?? true,
      };
    }),
  };
}

function activity(element: XmlElement, context: Context, isItem: boolean): ActivitySettings {
  const id = element.attrs.identifier ?? '';
  const where = `${isItem ? 'item' : 'organization'} "${id.slice(0, 100)}"`;
  if (!id) throw new SequencingError(where, 'it has no identifier.');
  if (context.ids.has(id)) throw new SequencingError(where, 'the identifier is used twice.');
  context.ids.add(id);

  const sequencing = childOf(element, 'imsss', 'sequencing');
  let parts = sequencing ? readSequencingElement(where, sequencing) : NOTHING;
  const ref = sequencing?.attrs.IDRef;
  if (ref !== undefined) {
    const base = context.collection.get(ref);
    if (!base)
      throw new SequencingError(where, `it refers to the sequencing collection member "${ref}", which does not exist.`);
    parts = overlay(base, parts);
  }
  const items = cpChildren(element, 'item');
  const title = cpChildren(element, 'title')[0]?.text || id;
  const presentation = isItem ? itemPresentation(where, element) : ORGANIZATION_PRESENTATION;
  const settings: ActivitySettings = { id, title, ...presentation, ...completeSequencing(where, parts) };
  if (items.length) return { ...settings, children: items.map((item) => activity(item, context, true)) };

  if (isItem) {
    const ref = element.attrs.identifierref;
    const launch = ref ? context.resources.get(ref) : undefined;
    if (!launch) {
      throw new SequencingError(
        where,
        ref
          ? `it launches the resource "${ref}", which has no href or does not exist.`
          : 'it has neither items nor a resource to launch.',
      );
    }
    context.launches[id] = { ...launch, href: withParameters(launch.href, element.attrs.parameters ?? '') };
  }
  return settings;
}

/**
 * Reads the activity tree of a SCORM 2004 manifest, as the portal's sequencing engine takes it, from a manifest
 * `parseManifest` has accepted. Null when the manifest has no organisation (a single resource to launch).
 * Throws SequencingError for a sequencing definition that is broken or that the engine cannot honour.
 */
export function parseSequencing(xml: string): CourseSequencing | null {
  const manifest = parseXmlTree(xml);
  const organizations = cpChildren(manifest ?? undefined, 'organizations')[0];
  const all = cpChildren(organizations, 'organization');
  const organization = all.find((o) => o.attrs.identifier === organizations?.attrs.default) ?? all[0];
  if (!manifest || !organization) return null;
  const context: Context = {
    collection: readCollection(manifest),
    resources: readResources(manifest),
    launches: {},
    ids: new Set(),
  };
  const activityTree = activity(organization, context, false);
  const read = new AttributeReader(`organization "${organization.attrs.identifier}"`, organization);
  return {
    activityTree,
    launches: context.launches,
    objectivesGlobalToSystem: read.boolean('objectivesGlobalToSystem') ?? true,
    sharedDataGlobalToSystem: read.boolean('sharedDataGlobalToSystem') ?? true,
  };
}
