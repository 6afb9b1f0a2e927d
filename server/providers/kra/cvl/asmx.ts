import { type XmlElement, parseXml } from '../../xml';

/**
 * An ASMX method's answer over HTTP POST: the XML the method returns, or (a method returning a string) that string in
 * a <string> element, itself XML when the string is: both read as the XML they carry.
 */
export function asmxAnswer(text: string): XmlElement {
  const root = parseXml(text);
  if (root.name === 'string' && root.text.trim().startsWith('<')) return parseXml(root.text.trim());
  return root;
}
