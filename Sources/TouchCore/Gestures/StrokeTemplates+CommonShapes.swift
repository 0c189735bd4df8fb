extension StrokeTemplates {
    /// The least score of one of a template's drawings against a common shape, nearest of
    /// the common shapes to it, for the template to claim that shape. People's lesson
    /// drawings (five people of the $1 logs, Wobbrock, Wilson and Li, UIST 2007, each of
    /// the 16 shapes) score 0.80-0.99 against their shape as the other four drew it, and
    /// their nearest common shape is their own shape in 474 of 480 drawings (the others:
    /// a V nearest the check, a brace nearest the bracket, both then claimed as well). A
    /// stroke of the user's own, like no common shape, claims none, and every common shape
    /// still stands for a shape nobody taught (docs/gestures.md, "Common shapes").
    public static let claimMinimum = 0.75

    /// The least score of a lesson's best drawing against a common shape it claims for
    /// the lesson to borrow that shape's drawings: a shape only like it (a square's
    /// nearest common shape when there is no rectangle among them may be the circle) stops
    /// standing for an untaught shape, but lends no drawings. On people's lessons (the
    /// five people, all 16 shapes) 0.85 names as many taught drawings as 0.75; 0.90 names 7
    /// fewer (98.3 % against 98.6 %), a lesson's best drawing scoring under it.
    public static let borrowMinimum = 0.85

    /// Sets `matched` and `unclaimed` from `templates` and `commonShapes`: each drawing of
    /// each template claims the common shape nearest to it, when it scores at least
    /// `claimMinimum`. A lesson (fewer than `StrokeTemplate.agreementExamples` drawings)
    /// takes the drawings of every common shape only it claims; a shipped stroke (ten
    /// drawings, five people's) has enough of its own. Runs when either list is set (a
    /// lesson learnt, the files loaded), never at the lift: 16 common shapes against 32
    /// templates of ten drawings is 5,120 comparisons.
    mutating func claimCommonShapes() {
        guard !commonShapes.isEmpty else {
            matched = templates
            unclaimed = []
            return
        }
        // Per common shape: the templates that claim it, and each one's best score against it.
        var claimants = [[(template: Int, score: Double)]](repeating: [], count: commonShapes.count)
        for (index, template) in templates.enumerated() {
            for example in template.examples {
                var nearest = -1, nearestDistance = Double.infinity
                for (shape, common) in commonShapes.enumerated() {
                    let distance = common.distance(example, under: nearestDistance)
                    if distance < nearestDistance { nearest = shape; nearestDistance = distance }
                }
                let score = StrokeTemplate.score(distance: nearestDistance)
                guard nearest >= 0, score >= Self.claimMinimum else { continue }
                if let k = claimants[nearest].firstIndex(where: { $0.template == index }) {
                    claimants[nearest][k].score = max(claimants[nearest][k].score, score)
                } else {
                    claimants[nearest].append((index, score))
                }
            }
        }
        matched = templates.enumerated().map { index, template in
            guard template.examples.count < StrokeTemplate.agreementExamples else { return template }
            let borrowed = commonShapes.indices.filter {
                claimants[$0].count == 1 && claimants[$0][0].template == index && claimants[$0][0].score >= Self.borrowMinimum
            }.flatMap { commonShapes[$0].examples }
            return borrowed.isEmpty ? template
                : StrokeTemplate(template, borrowing: borrowed)
        }
        unclaimed = commonShapes.indices.filter { claimants[$0].isEmpty }.map { commonShapes[$0] }
    }
}
