@testable import CardServer
import ServerTestSupport
import Testing

/// `/metrics`' text as Prometheus reads it: the families the figures make, exactly.
struct ServerMetricsTests {
    @Test func latenciesFallIntoCumulativeBucketsWithTheirSumInSeconds() {
        var histogram = LatencyHistogram()
        // 40 µs, exactly 1 ms (a bound counts in its own bucket), 30 ms and 3 s (past the last bound).
        for nanoseconds: UInt64 in [40_000, 1_000_000, 30_000_000, 3_000_000_000] {
            histogram.observe(nanoseconds: nanoseconds)
        }
        let lines = histogram.samples("x").map { "\($0.name){\($0.labels)} \($0.value)" }
        #expect(lines == [
            #"x_bucket{le="5e-05"} 1"#, #"x_bucket{le="0.0001"} 1"#, #"x_bucket{le="0.00025"} 1"#,
            #"x_bucket{le="0.0005"} 1"#, #"x_bucket{le="0.001"} 2"#, #"x_bucket{le="0.0025"} 2"#,
            #"x_bucket{le="0.005"} 2"#, #"x_bucket{le="0.01"} 2"#, #"x_bucket{le="0.025"} 2"#,
            #"x_bucket{le="0.05"} 3"#, #"x_bucket{le="0.1"} 3"#, #"x_bucket{le="0.25"} 3"#,
            #"x_bucket{le="0.5"} 3"#, #"x_bucket{le="1"} 3"#, #"x_bucket{le="2.5"} 3"#,
            #"x_bucket{le="+Inf"} 4"#, "x_sum{} 3.03104", "x_count{} 4",
        ])
    }

    @Test func secondsKeepEveryDigitWithoutAnExponent() {
        #expect(LatencyHistogram.seconds(0) == "0")
        #expect(LatencyHistogram.seconds(1) == "0.000000001")
        #expect(LatencyHistogram.seconds(123_456) == "0.000123456")
        #expect(LatencyHistogram.seconds(2_500_000_000) == "2.5")
        #expect(LatencyHistogram.seconds(7_000_000_000) == "7")
    }

    @Test func commandsAreCountedByTypeWithEveryTypeListedFromTheStart() {
        let metrics = ServerMetrics()
        metrics.pings = 3
        metrics.commandTaken("ping")
        metrics.commandTaken("login")
        metrics.commandTaken(ServerMetrics.invalidCommand)
        let text = metrics.exposition(commandTypes: ["ping", "login", "claim"], games: ["set"], players: 0, transport: .init())
        #expect(text.contains("""
            # TYPE cardserver_commands_total counter
            cardserver_commands_total{type="ping"} 4
            cardserver_commands_total{type="login"} 1
            cardserver_commands_total{type="claim"} 0
            cardserver_commands_total{type="invalid"} 1

            """))
    }

    @Test func theWriteLatenciesAreHistogramsOfTheirOwn() {
        let metrics = ServerMetrics()
        metrics.roomLogWrites.observe(nanoseconds: 20_000)
        metrics.journalWrites.observe(nanoseconds: 4_000_000)
        metrics.journalWrites.observe(nanoseconds: 6_000_000)
        let text = metrics.exposition(commandTypes: [], games: [], players: 0, transport: .init())
        #expect(text.contains("# TYPE cardserver_room_log_write_seconds histogram\ncardserver_room_log_write_seconds_bucket{le=\"5e-05\"} 1\n"))
        #expect(text.contains("cardserver_room_log_write_seconds_sum 0.00002\ncardserver_room_log_write_seconds_count 1\n"))
        #expect(text.contains("cardserver_room_log_fsync_seconds_count 0\n"))
        #expect(text.contains("cardserver_journal_write_seconds_bucket{le=\"0.005\"} 1\ncardserver_journal_write_seconds_bucket{le=\"0.01\"} 2\n"))
        #expect(text.contains("cardserver_journal_write_seconds_sum 0.01\ncardserver_journal_write_seconds_count 2\n"))
    }
}
