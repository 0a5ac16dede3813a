//! How a part hangs: the one place that decides rest, hang, fallen or frame from the screws left in it
//! (docs/design.md §2). [`super::GameSim`] derives the cells a part covers from this, and the view labels parts
//! with it, so the picture and the rules can never disagree about a swing.

/// The pose of one part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pose {
    /// Held by two or more screws (or by one whose authored hang pose equals the rest pose).
    Rest,
    /// Swung into the hang pose of its last screw (screw index).
    Hang(u8),
    /// No screw left: fell off, covers nothing.
    Fallen,
    /// Never had screws: a fixed frame.
    Frame,
}

impl Pose {
    /// The name GDScript and the CLI see.
    pub fn name(self) -> &'static str {
        match self {
            Pose::Rest => "rest",
            Pose::Hang(_) => "hang",
            Pose::Fallen => "fallen",
            Pose::Frame => "frame",
        }
    }
}
