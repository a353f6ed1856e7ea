import Wire

// Lenient field readers for server messages: a missing or mistyped field reads as nil, so a
// newer server that adds or changes fields never crashes the client.
extension JSONObject {
    func string(_ key: String) -> String? { self[key]?.stringValue }

    func int(_ key: String) -> Int? { self[key]?.intValue }

    func bool(_ key: String) -> Bool? { self[key]?.boolValue }

    func object(_ key: String) -> JSONObject? { self[key]?.objectValue }

    /// The strings of an array field (other elements skipped); empty when absent.
    func strings(_ key: String) -> [String] {
        (self[key]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    /// The objects of an array field (other elements skipped); empty when absent.
    func objects(_ key: String) -> [JSONObject] {
        (self[key]?.arrayValue ?? []).compactMap(\.objectValue)
    }
}
