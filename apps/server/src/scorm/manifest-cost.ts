/**
 * What an imsmanifest.xml may hold before it is parsed. Parsing costs the server's thread about a millisecond per
 * kilobyte and grows faster than the text with many attributes on one element or many siblings, so the text is
 * measured first, in one linear pass. Real manifests (ADL's test suite, authoring tools) stay far below these.
 */
export const MANIFEST_LIMITS = {
  bytes: 128 * 1024,
  elements: 2_500,
  attributesPerElement: 64,
  depth: 64,
};

const TAG = /<(\/?)[A-Za-z_][^\s/>]*([^>]*?)(\/?)>/g;
const ATTRIBUTE = /=\s*["']/g;

/** Why the manifest text is refused before parsing, or null when it is within the limits. */
export function manifestCostProblem(xml: string): string | null {
  if (Buffer.byteLength(xml) > MANIFEST_LIMITS.bytes) {
    return `imsmanifest.xml is larger than ${MANIFEST_LIMITS.bytes / 1024} KiB.`;
  }
  // A DOCTYPE brings entities (expansion, external files) that no SCORM manifest needs.
  if (/<!DOCTYPE/i.test(xml)) return 'imsmanifest.xml may not declare a DOCTYPE.';
  let elements = 0;
  let depth = 0;
  for (const [, closing, attributes = '', selfClosing] of xml.matchAll(TAG)) {
    if (closing) {
      depth -= 1;
      continue;
    }
    elements += 1;
    if (elements > MANIFEST_LIMITS.elements)
      return `imsmanifest.xml holds more than ${MANIFEST_LIMITS.elements} elements.`;
    if ((attributes.match(ATTRIBUTE)?.length ?? 0) > MANIFEST_LIMITS.attributesPerElement) {
      return `imsmanifest.xml has an element with more than ${MANIFEST_LIMITS.attributesPerElement} attributes.`;
    }
    if (!selfClosing && ++depth > MANIFEST_LIMITS.depth) {
      return `imsmanifest.xml is nested deeper than ${MANIFEST_LIMITS.depth} elements.`;
    }
  }
  return null;
}
