extension Scenario {
    /// What the README's run command plays when no Wayland session is around: the
    /// instrument panel and trails on (`demoClientArguments`), then a double tap, a swipe, a pinch, a checkmark and
    /// three fingers landing, moving and cancelled, with a screenshot of each (and a
    /// contact sheet of them all, `ContactSheet`).
    ///
    /// Every gesture moves as a hand on a touchscreen does, so the instrument panel on the
    /// screenshots shows what a person would see: reports at 120 Hz (`pace`), fingers at
    /// hundreds to about two thousand px/s (the swipe 1,800, the pinch's fingers 960 each,
    /// the checkmark about 1,000, the three fingers about 350). `DemoEndToEndTests` holds
    /// the panel's readouts to a hand's range.
    /// The demo's touchspots shows the instrument panel and trails from the start: asked
    /// for on the command line, not with the `i` and `t` keys, because the wlroots shim
    /// (sway, cage) and kwin's helper inject touches and pens only, and the demo is to play
    /// on every compositor of the matrix.
    public static let demoClientArguments = ["--panel", "--trails"]

    public static let demoText = """
        # a touchscreen's report rate: one frame every 1/120 s at most
        pace 120
        # a double tap
        down 1 300 300
        frame
        wait 80ms
        up 1
        frame
        wait 100ms
        down 1 302 301
        frame
        wait 80ms
        up 1
        frame
        wait 600ms
        screenshot demo-1-double-tap.png
        # a one-finger swipe right, 300 px in a sixth of a second, its samples left as a trail
        down 1 180 420
        frame
        \(stroke(from: (180, 420), steps: (0..<20).map { ($0 % 10 == 2 ? (15, 1) : $0 % 10 == 6 ? (15, -1) : (15, 0)) }))
        up 1
        frame
        screenshot demo-2-swipe.png
        wait 1200ms
        # an outward pinch: each finger 8 px a report, 128 px in 0.13 s
        down 1 470 330
        down 2 560 330
        frame
        \(pinch(from: (470, 330), (560, 330), steps: 16, by: 8))
        screenshot demo-3-pinch.png
        up 1
        up 2
        frame
        wait 1200ms
        # a checkmark: down and right, then a longer stroke up and right, in a quarter second
        down 1 420 260
        frame
        \(stroke(from: (420, 260), steps: Array(repeating: (5, 7), count: 10) + Array(repeating: (7, -7), count: 20)))
        up 1
        frame
        screenshot demo-4-checkmark.png
        wait 1200ms
        # three fingers land and move apart; the panel follows each
        down 1 300 240
        down 2 500 260
        down 3 700 240
        frame
        \(threeFingers(from: [(300, 240), (500, 260), (700, 240)], by: [(-2, 2), (0, 3), (2, 2)], steps: 24))
        screenshot demo-5-three-fingers.png
        # the compositor takes the gesture away: every touch is cancelled
        cancel
        screenshot demo-6-cancelled.png
        """

    /// Two fingers moving apart along x, `by` px each a frame.
    static func pinch(from a: (Int, Int), _ b: (Int, Int), steps: Int, by step: Int) -> String {
        (1...steps).map { n in
            "motion 1 \(a.0 - n * step) \(a.1)\nmotion 2 \(b.0 + n * step) \(b.1)\nframe"
        }.joined(separator: "\n")
    }

    /// Three fingers, each moving by its own step a frame.
    static func threeFingers(from starts: [(Int, Int)], by steps: [(Int, Int)], steps count: Int) -> String {
        (1...count).map { n in
            (0..<starts.count).map { f in
                "motion \(f + 1) \(starts[f].0 + n * steps[f].0) \(starts[f].1 + n * steps[f].1)"
            }.joined(separator: "\n") + "\nframe"
        }.joined(separator: "\n")
    }

    /// One finger's motions, a frame each, from `start` by the given steps.
    static func stroke(from start: (Int, Int), steps: [(Int, Int)]) -> String {
        var (x, y) = start
        return steps.map { step in
            x += step.0
            y += step.1
            return "motion 1 \(x) \(y)\nframe"
        }.joined(separator: "\n")
    }
}
