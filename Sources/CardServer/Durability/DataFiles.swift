import Storage

extension DataFileRepair {
    /// The server's files of records: the room log, the results journal and the accounts, each with its reader.
    static var serverFiles: [DataFile] { [
        DataFile(name: "rooms.log", accepts: { RoomLogRecord(body: $0) != nil }),
        DataFile(name: "results.jsonl", accepts: { GameRecord.summary(ofBody: $0) != nil }),
        DataFile(name: "accounts.log", accepts: { AccountRecord(body: $0) != nil }),
    ] }

    /// `cardserver --repair --data DIR`: repairs the room log, the results journal and the accounts file under `dataDirectory`.
    /// - Returns: the report, a line for each bad line and one for each file.
    /// - Throws: ``Failure`` when the folder is missing or in use by a server, or a file cannot
    ///   be read, written or renamed.
    public static func run(dataDirectory: String) throws(Failure) -> [String] {
        try run(dataDirectory: dataDirectory, files: serverFiles)
    }
}
