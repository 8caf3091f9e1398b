import Foundation

/// Fault rules in JSON documents: `POST /__admin/faults` bodies and `--root-dir`'s `faults/*.json`.
///
/// A document is one rule (`{"name": …, "request": {…}, "faults": "delay=2000"}`) or a list of
/// rules (`{"faults": [rule, rule…]}`, what `GET /__admin/faults` answers): a document whose
/// `faults` member is an array is a list, one whose `faults` is a string is a rule.
extension FaultRule {
    /// The rules of a document, in order.
    static func rules(from data: Data) throws(StubError) -> [FaultRule] {
        let document = try StubParser.object(data)
        guard let list = document["faults"] as? [Any] else { return [try FaultRule(object: document)] }
        if let other = document.keys.filter({ $0 != "faults" && $0 != "meta" }).sorted().first {
            throw StubError(.invalid, field: other, reason: "unknown field beside a list of rules (\"faults\": [...])")
        }
        var rules: [FaultRule] = []
        for (index, item) in list.enumerated() {
            let place = "faults[\(index)]"
            guard let object = item as? [String: Any] else { throw StubError(.invalid, field: place, reason: "must be a JSON object") }
            do {
                rules.append(try FaultRule(object: object))
            } catch {
                throw error.under(place)
            }
        }
        return rules
    }
}

extension StubRootDirectory {
    /// The rules of `faults/*.json` (that folder only, no subfolders), files in name order, each
    /// file's rules in its order; none when there is no `faults/` folder. The first problem throws,
    /// naming the file (`faults/slow.json`), the field and why.
    func loadFaultRules() throws(StubError) -> [FaultRule] {
        let folder = root.appendingPathComponent("faults", isDirectory: true).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { return [] }
        guard let names = Self.entries(of: folder.path) else {
            throw StubError(.unreadable, field: "", reason: "cannot list \(folder.path)")
        }
        var rules: [FaultRule] = []
        var seen: [UUID: String] = [:]
        for name in names.sorted() where name.lowercased().hasSuffix(".json") {
            let file = folder.appendingPathComponent(name)
            let shown = "faults/\(name)"
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw StubError(.unreadable, field: "", reason: "cannot be read (\(error.localizedDescription))", file: shown)
            }
            do throws(StubError) {
                for rule in try FaultRule.rules(from: data) {
                    if let other = seen[rule.id] {
                        throw StubError(.duplicateID, field: "id", reason: "\(rule.id.uuidString.lowercased()) is also the id of a rule in \(other)")
                    }
                    seen[rule.id] = shown
                    rules.append(rule)
                }
            } catch {
                throw error.inFile(shown)
            }
        }
        return rules
    }
}
