//! One module per subcommand.

pub mod audit;
pub mod bake;
pub mod bundle;
pub mod play;
pub mod report;
pub mod solve;
pub mod validate;
