//! `screwsmith-readability`: ReadabilityAudit and everything it measures with (docs/design.md §6 readability half, §7): the one camera model
//! the Godot board scene also uses, the device list, the palette, colour-vision simulation, hit targets,
//! (the draw list for pictures lives in `screwsmith-studio`).
//!
//! - [`camera`]: board → world → screen; the only definition of sizes, camera and HUD bands.
//! - [`devices`]: the phones and tablet audited (`data/devices.json`).
//! - [`palette`]: screw colours bright and dimmed, names, head patterns (`data/palette.json`).
//! - [`colour_vision`]: CIELAB, CIE76 ΔE, Viénot 1999 protan/deutan simulation.
//! - [`palette_audit`]: every colour pair against the ΔE floors; [`hidden_audit`]: a hidden screw's
//!   '?' cap against every screw colour and plate tint, and its '?' on the cap; [`loosened_audit`]:
//!   a loosened rusty screw's steel collar against the rust ring and the plates; [`near_colours`]: the
//!   floor loop and the plate grounds those two share.
//! - [`plates`]: the plate tints the game draws panels in; [`plate_contrast`]: screw against plate and
//!   plate against plate, checked in every replayed state.
//! - [`hit_targets`]: collider size, HUD clearance and overlap on one device.
//! - [`rail_looks`]: the rail tray's look for safe, one free place and full, kept apart for every vision.
//! - [`hud_sizes`]: crates, rail places and tool buttons against the thumb's floors.
//! - [`marks`]: the lock, key and bomb badges (size, place, colours, the pairing of a lock with its
//!   key); [`mark_audit`]: their size on every device, their contrast, the pairing's distinctness.
//! - [`frame`]: a rendered frame (PNG), the colour of a spot, two renderers' agreement over the board;
//!   [`pixel_points`]: where screws and plates are in a frame (camera model); [`pixel_audit`]: the
//!   rendered-pixel audit of the engine's frames against the same floors.
//! - [`audit`]: the per-level audit replaying the solution; [`audit_level`] is what the generator's
//!   curate step and `screwsmith validate` call.

pub mod audit;
pub mod camera;
pub mod colour_vision;
pub mod devices;
#[cfg(feature = "pixels")]
pub mod frame;
pub mod hidden_audit;
pub mod hit_targets;
pub mod hud_sizes;
pub mod loosened_audit;
pub mod mark_audit;
pub mod marks;
pub mod near_colours;
pub mod palette;
pub mod palette_audit;
#[cfg(feature = "pixels")]
pub mod pixel_audit;
pub mod pixel_points;
pub mod plate_contrast;
pub mod plates;
pub mod rail_looks;

pub use audit::{
    audit_level, audit_set, audit_stored, check_compiled, check_level, AuditConfig, Failure,
    LevelReadability, Measured, ReadabilityError, SetReadability, Warning,
};
pub use camera::{Camera, CameraParams, Insets, ScreenCircle, Vec3};
pub use devices::{devices, Device, Platform};
pub use hit_targets::{worst_case_fraction, MIN_FRACTION};
pub use palette::{Palette, PaletteColour, Pattern};
pub use palette_audit::{audit_palette, PaletteReport};
pub use plates::PlateTints;
