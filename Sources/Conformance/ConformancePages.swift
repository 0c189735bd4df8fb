import TouchCore

/// The report for people: the terminal's summary, the HTML page that compares compositors
/// (checks by compositors, the checks where they differ first) and JUnit XML for CI.
extension ConformanceReport {
    /// Who, what and when, in one line.
    public var provenance: String {
        "touchspots \(touchspots.version) (\(touchspots.commit)), \(date), host \(host.name), kernel \(host.kernel)"
    }

    /// For the terminal: the provenance, a line of counts per compositor, then a line per
    /// check that does not pass.
    public var text: String {
        var lines = ["conformance: \(provenance)"]
        for compositor in compositors {
            let counts = ConformanceVerdict.allCases.map { "\(compositor.count($0)) \($0.rawValue)" }.joined(separator: ", ")
            lines.append("\(compositor.name): \(compositor.version): \(counts)")
            for check in compositor.checks where check.verdict != .pass {
                lines.append("  \(check.verdict.rawValue.uppercased()) \(check.id) [\(check.element)]: \(check.detail)")
            }
        }
        // Each line shown as the tools show text that is not theirs (a version line).
        return lines.map { printableText($0) }.joined(separator: "\n") + "\n"
    }

    /// Checks in the page's order: those whose verdicts differ between compositors first,
    /// then in the catalogue's order.
    var checkOrder: [String] {
        let ids = compositors.flatMap { $0.checks.map(\.id) }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let differing = ids.filter { id in Set(compositors.compactMap { $0.checks.first { $0.id == id }?.verdict }).count > 1 }
        return differing + ids.filter { !differing.contains($0) }
    }

    public var html: String {
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>touchspots conformance: \(escape(compositors.map(\.name).joined(separator: ", ")))</title>
            <style>
            body { font-family: sans-serif; margin: 1em 2em; }
            p, dl { max-width: 70em; }
            table { border-collapse: collapse; font-size: 0.85em; }
            td, th { border: 1px solid #bbb; padding: 0.3em 0.5em; vertical-align: top; text-align: left; min-width: 9em; }
            .pass { background: #d8f0d8; } .fail { background: #f6c8c8; } .differs { background: #fbe9b7; } .untestable { background: #e4e4e4; }
            .detail { font-size: 0.85em; color: #333; } .sentence { font-style: italic; color: #444; }
            </style></head><body>
            <h1>Touch conformance</h1>
            <p>\(escape(provenance))</p>
            <p>Each check holds the compositor to a sentence of the protocol's XML. <b>fail</b>: the words are broken;
            <b>differs</b>: the words allow it, a client must cope; <b>untestable</b>: the driver cannot do it (the reason is given).
            Checks whose verdicts differ between compositors come first.</p>
            <table><tr><th>check</th><th>element</th>
            """
        for compositor in compositors {
            page += "<th>\(escape(compositor.name))<br><span class=\"detail\">\(escape(compositor.version))</span></th>"
        }
        page += "</tr>\n"
        for id in checkOrder {
            let first = compositors.lazy.compactMap { $0.checks.first { $0.id == id } }.first
            page += "<tr><td><a href=\"#\(escape(id))\">\(escape(id))</a></td><td>\(escape(first?.element ?? ""))</td>"
            for compositor in compositors {
                if let check = compositor.checks.first(where: { $0.id == id }) {
                    page += "<td class=\"\(check.verdict.rawValue)\"><b>\(check.verdict.rawValue)</b><br><span class=\"detail\">\(escape(check.detail))</span>"
                    if let evidence = check.evidence { page += " <a href=\"\(escape(evidence))/\">evidence</a>" }
                    page += "</td>"
                } else {
                    page += "<td>not run</td>"
                }
            }
            page += "</tr>\n"
        }
        page += "</table>\n<h2>The checks</h2>\n<dl>\n"
        for id in checkOrder {
            guard let check = compositors.lazy.compactMap({ $0.checks.first { $0.id == id } }).first else { continue }
            let summary = ConformanceCheck(rawValue: id)?.summary ?? ""
            page += "<dt id=\"\(escape(id))\"><b>\(escape(id))</b> (\(escape(check.element)))</dt>"
            page += "<dd>\(escape(summary))<br><span class=\"sentence\">\u{201C}\(escape(check.sentence))\u{201D}</span></dd>\n"
        }
        page += "</dl>\n<h2>Compositors</h2>\n<ul>\n"
        for compositor in compositors {
            page += "<li><b>\(escape(compositor.name)) \(escape(compositor.version))</b>: \(escape(compositor.driver))<br>"
            page += "<code>\(escape(compositor.command))</code></li>\n"
        }
        return page + "</ul>\n</body></html>\n"
    }

    public var junit: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = compositors.map { $0.count(.fail) }.reduce(0, +)
        let tests = compositors.map(\.checks.count).reduce(0, +)
        out += "<testsuites name=\"touchspots conformance\" tests=\"\(tests)\" failures=\"\(failures)\">\n"
        for compositor in compositors {
            out += "  <testsuite name=\"\(escape(compositor.name))\" tests=\"\(compositor.checks.count)\" failures=\"\(compositor.count(.fail))\" skipped=\"\(compositor.count(.untestable))\" timestamp=\"\(escape(date))\" hostname=\"\(escape(host.name))\">\n"
            out += "    <properties><property name=\"version\" value=\"\(escape(compositor.version))\"/><property name=\"driver\" value=\"\(escape(compositor.driver))\"/><property name=\"touchspots\" value=\"\(escape(touchspots.version)) \(escape(touchspots.commit))\"/><property name=\"kernel\" value=\"\(escape(host.kernel))\"/></properties>\n"
            for check in compositor.checks {
                out += "    <testcase classname=\"conformance.\(escape(compositor.name))\" name=\"\(escape(check.id))\">"
                switch check.verdict {
                case .pass: break
                case .fail: out += "<failure message=\"\(escape(check.detail))\">\(escape(check.sentence))</failure>"
                case .untestable: out += "<skipped message=\"\(escape(check.detail))\"/>"
                case .differs: out += "<system-out>differs: \(escape(check.detail))</system-out>"
                }
                out += "</testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}

/// Text for HTML and XML: the five markup characters escaped and control characters shown
/// as `\u{1B}` (a compositor's version line is its own words, not ours).
func escape(_ text: String) -> String { markupEscaped(printableText(text)) }
