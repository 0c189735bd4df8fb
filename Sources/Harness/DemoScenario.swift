extension Scenario {
    /// What the README's run command plays when no Wayland session is around: the
    /// instrument panel and trails on, then a double tap, a swipe, a pinch, a checkmark and
    /// three fingers landing, moving and cancelled, with a screenshot of each (and a
    /// contact sheet of them all, `ContactSheet`).
    public static let demoText = """
        # the instrument panel (i) and trails (t)
        key i press
        key i release
        key t press
        key t release
        # a double tap
        down 1 300 300
        frame
        up 1
        frame
        wait 100ms
        down 1 302 301
        frame
        up 1
        frame
        wait 600ms
        screenshot demo-1-double-tap.png
        # a one-finger swipe right, its samples left as a trail
        down 1 180 420
        frame
        \(stroke(from: (180, 420), steps: [(30, 0), (30, 1), (30, 0), (30, -1), (30, 0), (30, 1), (30, 0), (30, 0), (30, 0), (30, 0)]))
        up 1
        frame
        screenshot demo-2-swipe.png
        wait 1200ms
        # an outward pinch
        down 1 470 330
        down 2 560 330
        frame
        motion 1 450 330
        motion 2 580 330
        frame
        motion 1 420 332
        motion 2 610 330
        frame
        motion 1 390 334
        motion 2 640 330
        frame
        motion 1 360 334
        motion 2 670 331
        frame
        screenshot demo-3-pinch.png
        up 1
        up 2
        frame
        wait 1200ms
        # a checkmark: down and right, then a longer stroke up and right
        down 1 420 260
        frame
        \(stroke(from: (420, 260), steps: [(10, 14), (10, 14), (10, 14), (10, 14), (10, 14), (14, -14), (14, -14), (14, -14), (14, -14), (14, -14), (14, -14), (14, -14), (14, -14), (14, -14), (14, -14)]))
        up 1
        frame
        screenshot demo-4-checkmark.png
        wait 1200ms
        # three fingers land and move apart, about 30 frames a second; the panel follows each
        down 1 300 240
        down 2 500 260
        down 3 700 240
        frame
        wait 33ms
        motion 1 290 250
        motion 2 500 275
        motion 3 710 250
        frame
        wait 33ms
        motion 1 280 260
        motion 2 500 290
        motion 3 720 260
        frame
        wait 33ms
        motion 1 270 270
        motion 2 500 305
        motion 3 730 270
        frame
        wait 33ms
        motion 1 260 280
        motion 2 500 320
        motion 3 740 280
        frame
        screenshot demo-5-three-fingers.png
        # the compositor takes the gesture away: every touch is cancelled
        cancel
        screenshot demo-6-cancelled.png
        """

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
