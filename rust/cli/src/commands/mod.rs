//! One module per subcommand.

pub mod audit;
