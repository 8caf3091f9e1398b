/// The last state of each gallery cell, from `testbed gallery`'s JSON lines: a `display` line
/// sets every cell, an `update` line replaces one.
func finalCells(_ lines: [[String: Any]]) -> [[String: Any]] {
    var cells: [[String: Any]] = []
    for line in lines {
        switch line["event"] as? String {
        case "display": cells = line["cells"] as? [[String: Any]] ?? []
        case "update":
            if let index = line["index"] as? Int, let cell = line["cell"] as? [String: Any], cells.indices.contains(index) {
                cells[index] = cell
            }
        default: break
        }
    }
    return cells
}
