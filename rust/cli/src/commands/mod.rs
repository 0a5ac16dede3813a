//! One module per subcommand.

pub mod audit;
pub mod audit_readability;
pub mod play;
pub mod plot;
pub mod render;
pub mod solve;
