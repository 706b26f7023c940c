// A parsed XML element as fast-xml-parser gives it, on its own: the SOAP envelope's reader and
// the exchange services both read it, and neither imports the other for it (issue 40).
export type XmlNode = Record<string, unknown>;
