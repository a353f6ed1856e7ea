import Foundation
import ProtocolSchema
import ServerTestSupport
import Testing
import Wire

/// Protocol.schema.json: the validator itself, and every example line in Protocol.md.
struct SchemaTests {
    let schema = SchemaValidator.protocolSchema

    @Test func theSchemaLoadsWithEveryMessageType() {
        let definitions = schema.root["$defs"]?.objectValue
        #expect(definitions?["clientMessage"]?.objectValue?["oneOf"]?.arrayValue?.count == 51)
        #expect(definitions?["serverMessage"]?.objectValue?["oneOf"]?.arrayValue?.count == 64)
        #expect(schema.root["$id"] == .string("https://cardserver.invalid/protocol/1/schema/\(SuiteVersion.number)/Protocol.schema.json"))
    }

    /// A client skips a message type it does not know (Protocol.md, Framing), so the schema lets
    /// a newer server's through (`server.unknown`), and only those: a type the schema lists must
    /// fit its own definition, and the catch-all names every listed type.
    @Test func aNewerServersMessageTypeValidatesAndAKnownOneMustFitItsDefinition() throws {
        for line in [#"{"type":"tournament_round","round":4}"#, #"{"type":"x"}"#, #"{"type":"tournament","round":{"n":1}}"#] {
            #expect(schema.problems(ofLine: line, against: "serverMessage") == [], "\(line)")
        }
        #expect(!schema.knows(type: "tournament_round", in: "serverMessage"))
        // A type it lists must fit: pool_status without waited_ms does not.
        #expect(schema.knows(type: "pool_status", in: "serverMessage"))
        #expect(schema.problems(ofLine: #"{"type":"pool_status","pool":"rps-3","waiting":4,"waited_ms":0,"next_wave_ms":3000}"#, against: "serverMessage") == [])
        #expect(schema.problems(ofLine: #"{"type":"pool_status","pool":"rps-3","waiting":4}"#, against: "serverMessage")
            == ["$: matches 0 of oneOf, not 1 (closest: $: no waited_ms)"])
        #expect(schema.knows(type: "pong", in: "serverMessage"))
        #expect(schema.problems(ofLine: #"{"type":"pong","id":1.5}"#, against: "serverMessage")
            == ["$: matches 0 of oneOf, not 1 (closest: $.id: matches none of anyOf (closest: $.id: number, not integer))"])
        #expect(schema.problems(ofLine: #"{"kind":"no type"}"#, against: "serverMessage") != [])
        #expect(schema.problems(ofLine: #"{"type":7}"#, against: "serverMessage") != [])
        // A command is not a server message the catch-all lets through: clients get no such leeway.
        #expect(schema.problems(ofLine: #"{"type":"tournament_join","round":1}"#, against: "clientMessage") == [#"$: no clientMessage has type "tournament_join""#])

        let definitions = try #require(schema.root["$defs"]?.objectValue)
        let excluded = definitions["server.unknown"]?.objectValue?["properties"]?.objectValue?["type"]?.objectValue?["not"]?.objectValue?["enum"]?.arrayValue
        let listed = (definitions["serverMessage"]?.objectValue?["oneOf"]?.arrayValue ?? []).compactMap { option -> [String]? in
            guard let name = option.objectValue?["$ref"]?.stringValue?.replacing("#/$defs/", with: ""), name != "server.unknown",
                  let definition = definitions[name]?.objectValue else { return nil }
            let variants = definition["oneOf"]?.arrayValue ?? [.object(definition)]
            return variants.compactMap { $0.objectValue?["properties"]?.objectValue?["type"]?.objectValue?["const"]?.stringValue }
        }.flatMap { $0 }
        #expect(Swift.Set(excluded?.compactMap(\.stringValue) ?? []) == Swift.Set(listed))
        #expect(listed.count == 63)
    }

    @Test func goodLinesPassAndBadOnesSayWhereTheyAreWrong() {
        #expect(schema.problems(ofLine: #"{"type":"pong","id":"x"}"#, against: "serverMessage") == [])
        #expect(schema.problems(ofLine: #"{"type":"pong","later":"a field we do not know"}"#, against: "serverMessage") == [])
        #expect(schema.problems(ofLine: #"{"type":"joined","room":"K7QX","game":"chess","seat":0}"#, against: "serverMessage")
            == [#"$: matches 0 of oneOf, not 1 (closest: $.game: "chess", not one of ["set","rps","rps-brain","concentration","klondike"])"#])
        #expect(schema.problems(ofLine: #"{"type":"welcome","player":"p1","name":"ann","resumed":false}"#, against: "serverMessage")
            == ["$: matches 0 of oneOf, not 1 (closest: $: no token)"])
        #expect(schema.problems(ofLine: #"{"type":"move","from":"t9","to":"f1"}"#, against: "clientMessage")
            == [#"$: matches 0 of oneOf, not 1 (closest: $.from: "t9" does not match ^(waste|t[1-7]|f[1-4])$)"#])
        #expect(schema.problems(ofLine: #"{"type":"claim","cards":[1,2]}"#, against: "clientMessage")
            == ["$: matches 0 of oneOf, not 1 (closest: $.cards: fewer than 3 items)"])
        #expect(schema.problems(ofLine: #"{"type":"ping","id":1.5}"#, against: "clientMessage")
            == ["$: matches 0 of oneOf, not 1 (closest: $.id: matches none of anyOf (closest: $.id: number, not integer))"])
    }

    /// A state says what caused it, with who and which command where the kind needs them;
    /// a reply to a command that changed the room names the state's `seq`.
    @Test func causesAndReplySequenceNumbersAreChecked() {
        let state = #"{"type":"state","room":"K7QX","game":"klondike","seq":5,"phase":"playing","players":[{"name":"ann","seat":0,"score":0,"connected":true}],"spectators":0,"seats":1,"rematch_votes":[],"cause":CAUSE,"player":"ann","draw":1,"stock":24,"waste_count":0,"waste":[],"foundations":[[],[],[],[]],"tableau":[],"moves":0,"rivals":{},"progress":[],"can_finish":false}"#
        func problems(_ cause: String) -> [String] {
            schema.problems(ofLine: state.replacing("CAUSE", with: cause), against: "serverMessage")
        }
        #expect(problems(#"{"kind":"command","player":"ann","command":"draw"}"#) == [])
        #expect(problems(#"{"kind":"deadline"}"#) == [])
        #expect(problems(#"{"kind":"away","player":"ann"}"#) == [])
        #expect(problems(#"{"kind":"a kind from a newer server"}"#) == [])
        #expect(problems(#"{"kind":"command","player":"ann"}"#) == ["$: matches 0 of oneOf, not 1 (closest: $.cause: no command)"])
        #expect(problems(#"{"kind":"gone"}"#) == ["$: matches 0 of oneOf, not 1 (closest: $.cause: no player)"])
        #expect(schema.problems(ofLine: state.replacing(#""cause":CAUSE,"#, with: ""), against: "serverMessage")
            == ["$: matches 0 of oneOf, not 1 (closest: $: no cause)"])
        #expect(schema.problems(ofLine: #"{"type":"ok","seq":6,"id":3}"#, against: "serverMessage") == [])
        #expect(schema.problems(ofLine: #"{"type":"ok","seq":0,"id":3}"#, against: "serverMessage")
            == ["$: matches 0 of oneOf, not 1 (closest: $.seq: 0 < 1)"])
    }

    /// Every line in Protocol.md that starts like a message validates as one: a client
    /// command, or a message from the server.
    @Test func everyExampleLineInProtocolMarkdownValidates() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Protocol.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var examples: [String] = []
        for line in text.split(separator: "\n") {
            // Examples stand alone in code blocks, or in backticks in tables and prose.
            var rest = Substring(line)
            while let start = rest.range(of: #"{"type":""#) {
                let candidate = rest[start.lowerBound...]
                var depth = 0
                var end: Substring.Index?
                var inString = false
                var escaped = false
                for index in candidate.indices {
                    let character = candidate[index]
                    if inString {
                        if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                        continue
                    }
                    if character == "\"" { inString = true }
                    if character == "{" { depth += 1 }
                    if character == "}" {
                        depth -= 1
                        if depth == 0 { end = index; break }
                    }
                }
                guard let end else { break }
                examples.append(String(candidate[...end]))
                rest = candidate[candidate.index(after: end)...]
            }
        }
        #expect(examples.count > 80)
        var failures: [String] = []
        var decodedServerExamples = 0
        var decodedClientExamples = 0
        for example in examples where !example.contains("…") {
            guard (try? JSONParser.parse(example)) != nil else { continue }
            // A client's command validates as a newer server's message too: only a type the
            // schema lists for the server makes a server example.
            let type = (try? JSONParser.parse(example))?.objectValue?["type"]?.stringValue ?? ""
            let asClient = schema.problems(ofLine: example, against: "clientMessage")
            let asServer = schema.knows(type: type, in: "serverMessage")
                ? schema.problems(ofLine: example, against: "serverMessage") : ["$: not a type the server sends"]
            if !asClient.isEmpty && !asServer.isEmpty {
                failures.append("\(example.prefix(160)): \(asServer.first ?? "") / \(asClient.first ?? "")")
            }
            // A server example is also read by Wire's decoder, and a client example by the server's.
            if asServer.isEmpty {
                do { _ = try ServerMessageDecoder.decode(Array(example.utf8)); decodedServerExamples += 1 } catch {
                    failures.append("\(example.prefix(160)): Wire cannot decode it: \(error.message)")
                }
            } else {
                do { _ = try ClientMessageDecoder.decode(Array(example.utf8)); decodedClientExamples += 1 } catch {
                    failures.append("\(example.prefix(160)): the server cannot decode it: \(error.message)")
                }
            }
        }
        #expect(decodedServerExamples > 40)
        #expect(decodedClientExamples > 30)
        #expect(failures.isEmpty, "\(failures.count) examples fail:\n\(failures.joined(separator: "\n"))")
    }
}
