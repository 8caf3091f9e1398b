import CLibXML2
import Foundation

/// Reading request bodies as XML for `equalToXml` and `matchesXPath`, safely, with libxml2
/// itself rather than FoundationXML: on Linux, FoundationXML's `XMLDocument(data:)` dereferences
/// the null document libxml2 returns for some bodies (one starting with a NUL byte), and its
/// XPath call dereferences a failed evaluation, so either would let a request or a mapping
/// crash the server.
///
/// Parsing asks for no entity substitution (`XML_PARSE_NOENT` off), no DTD loading
/// (`XML_PARSE_DTDLOAD` off), no network and no messages on stderr, so an external entity (XXE)
/// is never read. A document that declares entities of its own (`<!ENTITY`, the "billion
/// laughs" bomb among them) is not parsed at all: reading a node's text would expand them.
/// Such a body matches no XML pattern, where WireMock would expand a harmless internal entity
/// (docs/STUBS.md lists the difference).
enum StubXML {
    private static let entityDeclaration = Array("<!ENTITY".utf8)
    private static let defaultNamespace = try? NSRegularExpression(pattern: #"\sxmlns\s*=\s*("[^"]*"|'[^']*')"#)

    /// libxml2 initialised once (the call is idempotent; FoundationXML makes it too).
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// No entity substitution, no DTD loading, no recovery from errors, no network, no messages.
    private static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// The bytes of `data` fit to parse: `nil` when empty or declaring entities.
    /// `withoutDefaultNamespaces` drops `xmlns="…"` declarations: WireMock 2.35 reads a
    /// document for an XPath without `xPathNamespaces` without namespaces, so `//item` finds
    /// `<item>` under `<order xmlns="urn:shop">`.
    static func safeBytes(_ data: Data, withoutDefaultNamespaces: Bool = false) -> Data? {
        guard !data.isEmpty, !data.containsBytes(of: entityDeclaration) else { return nil }
        guard withoutDefaultNamespaces, let pattern = defaultNamespace else { return data }
        let text = String(decoding: data, as: UTF8.self)
        let stripped = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
        return Data(stripped.utf8)
    }

    /// Runs `body` on the document parsed from `data` (freed afterwards); `nil` when the bytes
    /// are not fit to parse (``safeBytes(_:withoutDefaultNamespaces:)``) or not well-formed XML.
    static func withDocument<T>(
        _ data: Data, withoutDefaultNamespaces: Bool = false, _ body: (xmlDocPtr, xmlNodePtr) -> T?
    ) -> T? {
        _ = initialised
        guard let bytes = safeBytes(data, withoutDefaultNamespaces: withoutDefaultNamespaces) else { return nil }
        let parsed: xmlDocPtr? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count <= Int(Int32.max) else { return nil }
            return xmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, nil, parseOptions)
        }
        guard let document = parsed else { return nil }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return nil }
        return body(document, root)
    }

    /// The tree `equalToXml` compares, of the document in `data`.
    static func tree(_ data: Data) -> XMLNodeTree? { withDocument(data) { _, root in XMLNodeTree(root) } }

    /// Whether `expression` is valid XPath 1.0 syntax.
    static func compiles(_ expression: String) -> Bool {
        _ = initialised
        guard let context = silentContext(nil) else { return false }
        defer { xmlXPathFreeContext(context) }
        guard let compiled = expression.withCString({ xmlXPathCtxtCompile(context, xmlText($0)) }) else { return false }
        xmlXPathFreeCompExpr(compiled)
        return true
    }

    /// An XPath context on `document` whose errors go nowhere (libxml2 prints them to stderr
    /// otherwise: one line per bad mapping or failed evaluation).
    private static func silentContext(_ document: xmlDocPtr?) -> xmlXPathContextPtr? {
        guard let context = xmlXPathNewContext(document) else { return nil }
        context.pointee.error = { _, _ in }
        return context
    }

    /// The values of the nodes `expression` selects in the document `xml` (an element as its
    /// XML, anything else as its text); `nil` when the document is not fit to parse, or the
    /// evaluation fails or yields no node set.
    static func select(_ expression: String, in xml: Data, namespaces: [String: String]) -> [String]? {
        withDocument(xml, withoutDefaultNamespaces: namespaces.isEmpty) { document, _ -> [String]? in
            guard let context = silentContext(document) else { return nil }
            defer { xmlXPathFreeContext(context) }
            for (prefix, uri) in namespaces {
                _ = prefix.withCString { prefixText in uri.withCString { xmlXPathRegisterNs(context, xmlText(prefixText), xmlText($0)) } }
            }
            guard let result = expression.withCString({ xmlXPathEvalExpression(xmlText($0), context) }) else { return nil }
            defer { xmlXPathFreeObject(result) }
            guard result.pointee.type == XPATH_NODESET, let set = result.pointee.nodesetval, let nodes = set.pointee.nodeTab else {
                return nil
            }
            return (0..<Int(set.pointee.nodeNr)).compactMap { index in
                nodes[index].map { $0.pointee.type == XML_ELEMENT_NODE ? markup(of: $0, in: document) : content(of: $0) }
            }
        }
    }

    /// `text` as libxml2's character type.
    static func xmlText(_ text: UnsafePointer<CChar>) -> UnsafePointer<xmlChar> {
        UnsafeRawPointer(text).assumingMemoryBound(to: xmlChar.self)
    }

    /// A libxml2 string as a Swift one (empty for none).
    static func string(_ text: UnsafePointer<xmlChar>?) -> String {
        guard let text else { return "" }
        return String(cString: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))
    }

    /// The text of a node (an attribute's value, a text node's text, an element's text content).
    static func content(of node: xmlNodePtr) -> String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        xmlNodeBufGetContent(buffer, node)
        return string(xmlBufferContent(buffer))
    }

    /// An element as XML.
    static func markup(of node: xmlNodePtr, in document: xmlDocPtr) -> String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        xmlNodeDump(buffer, document, node, 0, 0)
        return string(xmlBufferContent(buffer))
    }
}

/// An XML element reduced to what `equalToXml` compares: a Sendable value read once from the
/// parsed document.
enum XMLNodeTree: Sendable {
    /// Text (and CDATA), trimmed; never empty.
    case text(String)
    /// An element: its local name, attributes by local name (namespace declarations are not
    /// attributes), and the children that count.
    indirect case element(name: String, attributes: [String: String], children: [XMLNodeTree])

    /// The tree of `element`.
    init(_ element: xmlNodePtr) {
        var attributes: [String: String] = [:]
        var attribute = element.pointee.properties
        while let current = attribute {
            let value = UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self)
            attributes[StubXML.string(current.pointee.name)] = StubXML.content(of: value)
            attribute = current.pointee.next
        }
        var children: [XMLNodeTree] = []
        var pendingText = ""
        func flushText() {
            let trimmed = pendingText.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { children.append(.text(trimmed)) }
            pendingText = ""
        }
        var child = element.pointee.children
        while let node = child {
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: pendingText += StubXML.content(of: node)
            case XML_ELEMENT_NODE:
                flushText()
                children.append(XMLNodeTree(node))
            default: break  // comments, processing instructions, unresolved entity references
            }
            child = node.pointee.next
        }
        flushText()
        self = .element(name: StubXML.string(element.pointee.name), attributes: attributes, children: children)
    }

    var isText: Bool { if case .text = self { return true } else { return false } }

    /// The element's name (`nil` for text).
    var name: String? { if case .element(let name, _, _) = self { return name } else { return nil } }

    /// The nodes in the tree: elements, attributes and texts.
    var nodeCount: Int {
        switch self {
        case .text: return 1
        case .element(_, let attributes, let children): return 1 + attributes.count + children.reduce(0) { $0 + $1.nodeCount }
        }
    }

    /// Every text and attribute value in the tree.
    var allValues: [String] {
        switch self {
        case .text(let value): return [value]
        case .element(_, let attributes, let children): return Array(attributes.values) + children.flatMap(\.allValues)
        }
    }
}
