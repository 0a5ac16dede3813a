//! The screw palette (`data/palette.json`, compiled in so the game, the CLI and the audit read the same
//! numbers): per palette index a name, the bright colour of an accessible screw, the dimmed colour of a
//! blocked one and the pattern printed on the head for colour-blind players; the plate tints the game
//! draws panels in ([`super::plates`]); plus the scene colours the level pictures use.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::colour_vision::Rgb8;
use super::plates::{PlateTints, PLATE_SLOTS};

/// The palette file, compiled in.
pub const PALETTE_JSON: &str = include_str!("../data/palette.json");

/// Why a compiled-in data file (palette, devices) was rejected.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum DataError {
    #[error("malformed palette JSON: {0}")]
    Json(String),
    #[error("{field}: {value:?} is not a #RRGGBB colour")]
    Colour { field: String, value: String },
    #[error("{field}: dim_amount {value} is outside 0..=1")]
    Amount { field: String, value: f64 },
    #[error("{field}: {found} tints, expected {expected}")]
    Count {
        field: String,
        found: usize,
        expected: usize,
    },
}

/// Shape printed on a screw head so colour is never the only cue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pattern {
    Cross,
    Dot,
    Triangle,
    Square,
    Diamond,
    Ring,
}

impl Pattern {
    /// Lower-case name (as in the file and GDScript).
    pub fn name(self) -> &'static str {
        match self {
            Pattern::Cross => "cross",
            Pattern::Dot => "dot",
            Pattern::Triangle => "triangle",
            Pattern::Square => "square",
            Pattern::Diamond => "diamond",
            Pattern::Ring => "ring",
        }
    }
}

/// One screw colour.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PaletteColour {
    pub index: u8,
    pub name: String,
    pub bright: Rgb8,
    pub dimmed: Rgb8,
    pub pattern: Pattern,
}

/// A colour tried as a seventh and rejected, with the reason.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RejectedColour {
    pub name: String,
    pub bright: Rgb8,
    pub why: String,
}

/// Colours of everything in a level picture that is not a screw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SceneColours {
    pub background: Rgb8,
    pub hud: Rgb8,
    pub hud_edge: Rgb8,
    pub panel_edge: Rgb8,
}

/// A hidden screw's look until it is revealed: its cap (a covered one's is `covered`, the cap dimmed
/// by the palette's rule) and the '?' on it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HiddenLook {
    pub cap: Rgb8,
    pub covered: Rgb8,
    pub mark: Rgb8,
}

/// A rusty screw's looks: the rust ring round a stuck head, and the steel collar of thread round a
/// loosened one's raised head.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RustyLook {
    pub rust: Rgb8,
    pub loosened: Rgb8,
}

/// The palette file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Palette {
    /// Shipping colours, palette index = position.
    pub colours: Vec<PaletteColour>,
    /// The colour blocked screws are dimmed toward, and how far (linear light).
    pub dim_toward: Rgb8,
    pub dim_amount: f64,
    pub rejected_sevenths: Vec<RejectedColour>,
    /// Plate tints by layer, part and pose: what the game draws panels in.
    pub plates: PlateTints,
    pub hidden: HiddenLook,
    pub rusty: RustyLook,
    pub scene: SceneColours,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPalette {
    #[allow(dead_code)]
    about: String,
    dim_toward: String,
    dim_amount: f64,
    colours: Vec<RawColour>,
    rejected_sevenths: Vec<RawRejected>,
    plates: RawPlates,
    hidden: RawHidden,
    rusty: RawRusty,
    scene: RawScene,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRusty {
    #[allow(dead_code)]
    about: String,
    rust: String,
    loosened: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHidden {
    #[allow(dead_code)]
    about: String,
    cap: String,
    mark: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlates {
    #[allow(dead_code)]
    about: String,
    rest: Vec<Vec<String>>,
    frame: String,
}

/// The table of plate tints (`plates.rest`): rows of [`PLATE_SLOTS`] colours, at least
/// one row.
fn plate_rows(field: &str, rows: &[Vec<String>]) -> Result<Vec<[Rgb8; PLATE_SLOTS]>, DataError> {
    if rows.is_empty() {
        return Err(DataError::Count {
            field: field.into(),
            found: 0,
            expected: 1,
        });
    }
    rows.iter()
        .enumerate()
        .map(|(l, row)| {
            if row.len() != PLATE_SLOTS {
                return Err(DataError::Count {
                    field: format!("{field}[{l}]"),
                    found: row.len(),
                    expected: PLATE_SLOTS,
                });
            }
            let mut out = [[0u8; 3]; PLATE_SLOTS];
            for (i, hex) in row.iter().enumerate() {
                out[i] = parse_hex(&format!("{field}[{l}][{i}]"), hex)?;
            }
            Ok(out)
        })
        .collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawColour {
    name: String,
    bright: String,
    dimmed: String,
    pattern: Pattern,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRejected {
    name: String,
    bright: String,
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScene {
    background: String,
    hud: String,
    hud_edge: String,
    panel_edge: String,
}

/// Parses `#RRGGBB`.
pub fn parse_hex(field: &str, value: &str) -> Result<Rgb8, DataError> {
    let bad = || DataError::Colour {
        field: field.to_string(),
        value: value.to_string(),
    };
    let hex = value.strip_prefix('#').ok_or_else(bad)?;
    if hex.len() != 6 || !hex.is_ascii() {
        return Err(bad());
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map_err(|_| bad());
    Ok([byte(0)?, byte(2)?, byte(4)?])
}

impl Palette {
    /// Parses a palette file.
    pub fn parse(text: &str) -> Result<Palette, DataError> {
        let raw: RawPalette =
            serde_json::from_str(text).map_err(|e| DataError::Json(e.to_string()))?;
        if !(0.0..=1.0).contains(&raw.dim_amount) {
            return Err(DataError::Amount {
                field: "dim_amount".into(),
                value: raw.dim_amount,
            });
        }
        let colours = raw
            .colours
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                Ok(PaletteColour {
                    index: i as u8,
                    bright: parse_hex(&format!("colours[{i}].bright"), &c.bright)?,
                    dimmed: parse_hex(&format!("colours[{i}].dimmed"), &c.dimmed)?,
                    name: c.name,
                    pattern: c.pattern,
                })
            })
            .collect::<Result<Vec<_>, DataError>>()?;
        let rejected_sevenths = raw
            .rejected_sevenths
            .into_iter()
            .enumerate()
            .map(|(i, c)| {
                Ok(RejectedColour {
                    bright: parse_hex(&format!("rejected_sevenths[{i}].bright"), &c.bright)?,
                    name: c.name,
                    why: c.why,
                })
            })
            .collect::<Result<Vec<_>, DataError>>()?;
        let plates = PlateTints {
            rest: plate_rows("plates.rest", &raw.plates.rest)?,
            frame: parse_hex("plates.frame", &raw.plates.frame)?,
        };
        let dim_toward = parse_hex("dim_toward", &raw.dim_toward)?;
        let cap = parse_hex("hidden.cap", &raw.hidden.cap)?;
        let hidden = HiddenLook {
            cap,
            covered: dim(cap, dim_toward, raw.dim_amount),
            mark: parse_hex("hidden.mark", &raw.hidden.mark)?,
        };
        let rusty = RustyLook {
            rust: parse_hex("rusty.rust", &raw.rusty.rust)?,
            loosened: parse_hex("rusty.loosened", &raw.rusty.loosened)?,
        };
        let s = raw.scene;
        let scene = SceneColours {
            background: parse_hex("scene.background", &s.background)?,
            hud: parse_hex("scene.hud", &s.hud)?,
            hud_edge: parse_hex("scene.hud_edge", &s.hud_edge)?,
            panel_edge: parse_hex("scene.panel_edge", &s.panel_edge)?,
        };
        Ok(Palette {
            colours,
            dim_toward,
            dim_amount: raw.dim_amount,
            rejected_sevenths,
            plates,
            hidden,
            rusty,
            scene,
        })
    }

    /// The compiled-in palette. Its parse is checked by a unit test, so this cannot fail in a build that
    /// passed its tests.
    pub fn shipped() -> &'static Palette {
        static PALETTE: OnceLock<Palette> = OnceLock::new();
        PALETTE.get_or_init(|| Palette::parse(PALETTE_JSON).expect("data/palette.json is tested"))
    }

    /// The colour of palette index `i`, if it ships.
    pub fn colour(&self, i: u8) -> Option<&PaletteColour> {
        self.colours.get(i as usize)
    }

    /// The dimmed colour this palette's rule gives for `bright`.
    pub fn dim(&self, bright: Rgb8) -> Rgb8 {
        dim(bright, self.dim_toward, self.dim_amount)
    }

    /// A layer's shade in pictures and legends: its first resting plate tint (the top layer's repeats
    /// for deeper stacks), so a legend shows what the board draws.
    pub fn panel(&self, layer: u8) -> Rgb8 {
        let rows = &self.plates.rest;
        rows.get((layer as usize).min(rows.len().saturating_sub(1)))
            .map_or(self.plates.frame, |r| r[0])
    }

    /// This palette with one more colour (dimmed by the palette's own rule): the seventh-colour
    /// experiment of the palette audit's tests.
    #[cfg(test)]
    pub(crate) fn with_extra(&self, name: &str, bright: Rgb8) -> Palette {
        let mut p = self.clone();
        p.colours.push(PaletteColour {
            index: p.colours.len() as u8,
            name: name.to_string(),
            bright,
            dimmed: self.dim(bright),
            pattern: Pattern::Dot,
        });
        p
    }
}

fn to_linear(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn to_srgb(c: f64) -> u8 {
    let c = c.clamp(0.0, 1.0);
    let e = if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (e * 255.0).round() as u8
}

/// A blocked screw's colour: `bright` mixed `amount` of the way toward `toward`, in linear light (as a
/// translucent shadow over the screw would blend on the GPU).
pub fn dim(bright: Rgb8, toward: Rgb8, amount: f64) -> Rgb8 {
    let mut out = [0u8; 3];
    for i in 0..3 {
        let (b, t) = (to_linear(bright[i]), to_linear(toward[i]));
        out[i] = to_srgb(b * (1.0 - amount) + t * amount);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(c: Rgb8) -> String {
        format!("#{:02X}{:02X}{:02X}", c[0], c[1], c[2])
    }

    #[test]
    fn shipped_palette_parses_with_six_distinct_patterns() {
        let p = Palette::parse(PALETTE_JSON).expect("palette.json");
        assert_eq!(p.colours.len(), 6);
        let mut patterns: Vec<_> = p.colours.iter().map(|c| c.pattern).collect();
        patterns.sort();
        patterns.dedup();
        assert_eq!(patterns.len(), 6, "each colour has its own pattern");
        assert_eq!(p.plates.rest.len(), 4, "one row of plate tints per layer");
        assert_eq!(p.panel(9), p.plates.rest[3][0]);
    }

    /// The file's dimmed colours are the ones the dimming rule gives (so the seventh-colour experiment,
    /// which dims by rule, measures what the game would draw).
    #[test]
    fn dimmed_colours_follow_the_rule() {
        let p = Palette::shipped();
        for c in &p.colours {
            let rule = p.dim(c.bright);
            for ch in 0..3 {
                assert!(
                    (rule[ch] as i32 - c.dimmed[ch] as i32).abs() <= 1,
                    "{}: file {} rule {}",
                    c.name,
                    hex(c.dimmed),
                    hex(rule)
                );
            }
        }
    }

    #[test]
    fn bad_colours_are_typed_errors() {
        assert!(matches!(
            parse_hex("x", "#12345"),
            Err(DataError::Colour { .. })
        ));
        assert!(matches!(
            parse_hex("x", "123456"),
            Err(DataError::Colour { .. })
        ));
        assert!(matches!(
            parse_hex("x", "#12345G"),
            Err(DataError::Colour { .. })
        ));
        assert!(matches!(
            parse_hex("x", "#ÿÿÿ"),
            Err(DataError::Colour { .. })
        ));
        assert_eq!(parse_hex("x", "#0A0b10"), Ok([10, 11, 16]));
        let broken = PALETTE_JSON.replace("\"#EF2422\"", "\"red\"");
        assert!(matches!(
            Palette::parse(&broken),
            Err(DataError::Colour { .. })
        ));
        assert!(matches!(Palette::parse("{"), Err(DataError::Json(_))));
        let short = PALETTE_JSON.replace("\"#3C4554\", ", "");
        assert_eq!(
            Palette::parse(&short).unwrap_err().to_string(),
            "plates.rest[0]: 2 tints, expected 3"
        );
    }
}
