//! One module per subcommand.

pub mod audit;
pub mod play;
