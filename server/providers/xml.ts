/**
 * Just enough XML for the SOAP and ASMX services vendors speak (the KRAs): elements, text, character and entity
 * references, CDATA; attributes are read but namespaces are not resolved (a name is matched by its local part).
 * No DTDs (an answer with one is refused: no entity expansion), no processing of anything else.
 */

export interface XmlElement {
  /** Local name, without its prefix. */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (its children's excluded), entities decoded, untrimmed. */
  text: string;
}

export class XmlError extends Error {}

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return entities[entity] ?? '';
  });
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The document's root element. */
export function parseXml(source: string): XmlElement {
  if (/<!DOCTYPE/i.test(source)) throw new XmlError('a DOCTYPE is not accepted');
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const tag = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<\/([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  let at = 0;
  for (let match = tag.exec(source); match; match = tag.exec(source)) {
    const current = stack[stack.length - 1];
    if (!current) throw new XmlError('unbalanced');
    current.text += decode(source.slice(at, match.index));
    at = tag.lastIndex;
    const [, cdata, closing, opening, attributeText, selfClosing] = match;
    if (cdata !== undefined) current.text += cdata;
    else if (closing !== undefined) {
      if (stack.length < 2 || current.name !== localName(closing)) throw new XmlError(`unexpected </${closing}>`);
      stack.pop();
    } else if (opening !== undefined) {
      const attributes: Record<string, string> = {};
      for (const attribute of (attributeText ?? '').matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        attributes[attribute[1] ?? ''] = decode(attribute[2] ?? attribute[3] ?? '');
      }
      const element: XmlElement = { name: localName(opening), attributes, children: [], text: '' };
      current.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new XmlError(`<${stack[stack.length - 1]?.name ?? ''}> is not closed`);
  const [first] = root.children;
  if (!first || root.children.length !== 1) throw new XmlError('not one root element');
  return first;
}

/** The first element named `name` at any depth under (or being) `element`. */
export function findElement(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  if (element.name === name) return element;
  for (const child of element.children) {
    const found = findElement(child, name);
    if (found) return found;
  }
  return undefined;
}

/** The trimmed text of the first `name` under `element`; '' when absent. */
export function textAt(element: XmlElement | undefined, name: string): string {
  return findElement(element, name)?.text.trim() ?? '';
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[char] ?? 'amp'};`);
}

/** Elements to write: a text, or elements nested inside. */
export interface XmlFields {
  [name: string]: string | XmlFields;
}

/** `<name>value</name>` for each entry, in order, values escaped; nested fields become nested elements. */
export function xmlElements(fields: XmlFields): string {
  return Object.entries(fields)
    .map(([name, value]) => (typeof value === 'string' ? `<${name}>${escapeXml(value)}</${name}>` : `<${name}>${xmlElements(value)}</${name}>`))
    .join('');
}
