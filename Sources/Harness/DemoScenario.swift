extension Scenario {
    /// What the README's run command plays when no Wayland session is around: three
    /// fingers land, move apart, one lifts, the rest are cancelled.
    public static let demoText = """
        # three fingers land
        down 1 300 300
        down 2 500 320
        down 3 700 300
        frame
        screenshot demo-1-three-fingers.png
        # they move apart in small steps
        motion 1 280 330
        motion 2 500 360
        motion 3 720 330
        frame
        motion 1 260 360
        motion 2 500 400
        motion 3 740 360
        frame
        screenshot demo-2-moved.png
        # the middle finger lifts
        up 2
        frame
        screenshot demo-3-one-lifted.png
        # the compositor takes the gesture away: every touch is cancelled
        cancel
        screenshot demo-4-cancelled.png
        """
}
