/// A fault's row in `GET /__admin/catalog`, with the shape of its value in machine-readable form
/// (`kind`, `minimum`, `maximum`, `unit`), so a form such as the dashboard's fault builder offers
/// the right input for each fault without a copy of the table of its own.
extension Fault.Name {
    /// `parameter`, `valid`, `description`, `example` (absolute, on `base`), `stage`, and `kind`:
    /// `flag` (1 or 0), `integer` (with `minimum`, `maximum` and maybe `unit`), `mediaType`, or
    /// `text` for any other value.
    func catalogRow(base: String) -> [String: Any] {
        var row: [String: Any] = [
            "parameter": rawValue, "valid": valid, "description": help, "example": base + example, "stage": "\(stage)",
        ]
        if case .flag = kind {
            row["kind"] = "flag"
        } else if case .integer(let range, let unit) = kind {
            row["kind"] = "integer"
            row["minimum"] = range.lowerBound
            row["maximum"] = range.upperBound
            if let unit { row["unit"] = unit }
        } else if case .mediaType = kind {
            row["kind"] = "mediaType"
        } else {
            row["kind"] = "text"
        }
        return row
    }
}
