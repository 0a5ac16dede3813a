//! A hidden screw and a rusty one look in the game as the core's palette says (`hidden` and `rusty` in
//! `rust/readability/data/palette.json`, held to the palette's floors by `readability::hidden_audit`
//! and `readability::loosened_audit`): the board's '?' cap, a covered one's dimmed cap and the '?',
//! the rust ring and a loosened screw's steel collar are `ScrewView`'s constants, which the
//! introduction cards and the Daily Bench preview draw with too. A colour changed on one side only
//! would put an unaudited look on screen.

use screwsmith_checks::project::project_dir;
use screwsmith_readability::colour_vision::Rgb8;
use screwsmith_readability::palette::Palette;

/// The `Color("#RRGGBB")` a script's `const NAME := …` holds, as bytes.
fn constant(script: &str, name: &str) -> Option<Rgb8> {
    let line = script
        .lines()
        .find(|l| l.starts_with(&format!("const {name} := Color(\"#")))?;
    let hex = line.split('"').nth(1)?;
    let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    Some([byte(1)?, byte(3)?, byte(5)?])
}

fn hex(c: Rgb8) -> String {
    format!("#{:02X}{:02X}{:02X}", c[0], c[1], c[2])
}

#[test]
fn the_board_draws_the_audited_looks() {
    let path = project_dir().join("scripts/board/screw_view.gd");
    let script = std::fs::read_to_string(&path).expect("screw_view.gd");
    let look = Palette::shipped().hidden;
    let rusty = Palette::shipped().rusty;
    for (name, want) in [
        ("UNKNOWN_COLOUR", look.cap),
        ("UNKNOWN_COVERED", look.covered),
        ("UNKNOWN_MARK", look.mark),
        ("RUST_COLOUR", rusty.rust),
        ("LOOSE_COLLAR", rusty.loosened),
    ] {
        let found = constant(&script, name);
        assert_eq!(
            found.map(hex),
            Some(hex(want)),
            "ScrewView.{name} must be Color(\"{}\")",
            hex(want)
        );
    }
}

#[test]
fn a_drifted_constant_is_caught() {
    let script = "const UNKNOWN_COLOUR := Color(\"#9EA1A8\")\n";
    assert_eq!(constant(script, "UNKNOWN_COLOUR"), Some([0x9E, 0xA1, 0xA8]));
    assert_ne!(
        constant(script, "UNKNOWN_COLOUR"),
        Some(Palette::shipped().hidden.cap)
    );
    assert_eq!(
        constant(
            "const UNKNOWN_COLOUR := Color(0.6, 0.6, 0.6)\n",
            "UNKNOWN_COLOUR"
        ),
        None
    );
}
