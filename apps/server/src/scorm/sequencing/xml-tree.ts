import { XMLParser } from 'fast-xml-parser';

/** The namespaces of the SCORM 2004 manifest bindings, by the prefix ADL's examples give them. */
export const NAMESPACES = {
  imscp: 'http://www.imsglobal.org/xsd/imscp_v1p1',
  imsss: 'http://www.imsglobal.org/xsd/imsss',
  adlseq: 'http://www.adlnet.org/xsd/adlseq_v1p3',
  adlnav: 'http://www.adlnet.org/xsd/adlnav_v1p3',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_v1p3',
} as const;

export type Namespace = keyof typeof NAMESPACES;

/** An XML element with its namespace resolved; attributes by local name. */
export interface XmlElement {
  /** The namespace URI, or the bare prefix when the document does not declare it. */
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

type OrderedNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

const ATTRIBUTES = ':@';
const TEXT = '#text';

function splitName(qualified: string): [prefix: string, local: string] {
  const colon = qualified.indexOf(':');
  return colon < 0 ? ['', qualified] : [qualified.slice(0, colon), qualified.slice(colon + 1)];
}

function toElement(node: OrderedNode, inScope: Map<string, string>): XmlElement | null {
  const tag = Object.keys(node).find((key) => key !== ATTRIBUTES);
  if (!tag || tag === TEXT || tag.startsWith('?') || tag.startsWith('!')) return null;
  const rawAttrs = (node[ATTRIBUTES] ?? {}) as Record<string, string>;
  const scope = new Map(inScope);
  for (const [name, value] of Object.entries(rawAttrs)) {
    if (name === 'xmlns') scope.set('', value.trim());
    else if (name.startsWith('xmlns:')) scope.set(name.slice(6), value.trim());
  }
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(rawAttrs)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    attrs[splitName(name)[1]] = String(value).trim();
  }
  const [prefix, name] = splitName(tag);
  const children: XmlElement[] = [];
  let text = '';
  for (const child of (node[tag] ?? []) as OrderedNode[]) {
    if (TEXT in child) text += String(child[TEXT]);
    else {
      const element = toElement(child, scope);
      if (element) children.push(element);
    }
  }
  return { ns: scope.get(prefix) ?? prefix, name, attrs, children, text: text.trim() };
}

/** Parses well-formed XML (checked by the caller) into its root element. */
export function parseXmlTree(xml: string): XmlElement | null {
  const known = new Map<string, string>(Object.entries(NAMESPACES));
  for (const node of parser.parse(xml) as OrderedNode[]) {
    const element = toElement(node, known);
    if (element) return element;
  }
  return null;
}

export const isElement = (element: XmlElement, ns: Namespace, name: string) =>
  element.name === name && element.ns.toLowerCase() === NAMESPACES[ns];

export const childrenOf = (element: XmlElement | undefined, ns: Namespace, name: string) =>
  element ? element.children.filter((child) => isElement(child, ns, name)) : [];

export const childOf = (element: XmlElement | undefined, ns: Namespace, name: string) =>
  childrenOf(element, ns, name)[0];
