//! One module per subcommand.

pub mod audit;
pub mod audit_hints;
pub mod audit_pixels;
pub mod audit_readability;
pub mod bake;
pub mod bundle;
pub mod daily;
pub mod endless;
pub mod hint;
pub mod play;
pub mod plot;
pub mod render;
pub mod report;
pub mod solve;
pub mod validate;
