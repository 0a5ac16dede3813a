//! `screwsmith plot curve`: the difficulty curve of a level set as SVG — per level the target band's
//! score (step line, from the calibration table `gen::target_score`), the measured difficulty score
//! (dots), the human fail rate (bars, right axis) and, per 50-level slice, the competent player's win
//! rate (dashed segments, right axis); level ticks on the x-axis and a marker at the wall (level 36).
//! `screwsmith report` draws the same chart next to REPORT.md.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use screwsmith_gen::curve::WALL_LEVEL;
use screwsmith_gen::library::BAKED;
use screwsmith_gen::target_score;
use screwsmith_rules::LevelData;
use screwsmith_studio::figures::{figures, SliceRow};
use svg::node::element::{Circle, Line, Polyline, Rectangle, Text};
use svg::Document;

use crate::draw::Format;
use crate::error::CliError;
use crate::input::{levels_path, read_level_file};
use crate::output::{count, write_atomic};

#[derive(Subcommand)]
pub enum PlotCommand {
    /// Target band, measured difficulty and human fail rate per level.
    Curve(CurveArgs),
}

#[derive(Args)]
pub struct CurveArgs {
    /// Level file (default: levels/levels.json).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Output file (.svg).
    #[arg(long)]
    out: PathBuf,
}

/// One level's point on the curve.
#[derive(Debug, Clone, PartialEq)]
pub struct CurvePoint {
    pub number: u32,
    pub band: u8,
    pub difficulty: Option<u8>,
    pub fail_rate: Option<f64>,
}

const W: f64 = 1600.0;
const H: f64 = 700.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 70.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 60.0;
/// Levels labelled on the x-axis: the first, the wall, then every 50 to the last baked.
const TICKS: [u32; 6] = [1, WALL_LEVEL, 50, 100, 150, BAKED];

/// The chart's points of a level set.
pub fn curve_points(levels: &[LevelData]) -> Vec<CurvePoint> {
    levels
        .iter()
        .map(|l| CurvePoint {
            number: l.number,
            band: l.band,
            difficulty: l.measure.as_ref().map(|m| m.difficulty),
            fail_rate: l.measure.as_ref().map(|m| m.human_fail_rate),
        })
        .collect()
}

/// The chart of a level set, slices included.
pub fn curve_of(levels: &[LevelData]) -> String {
    curve_svg(&curve_points(levels), &figures(levels).slices)
}

/// The chart's SVG.
pub fn curve_svg(points: &[CurvePoint], slices: &[SliceRow]) -> String {
    let n = points.iter().map(|p| p.number).max().unwrap_or(1).max(1) as f64;
    let (pw, ph) = (W - LEFT - RIGHT, H - TOP - BOTTOM);
    let x = |number: u32| LEFT + (number as f64 - 0.5) / n * pw;
    let y_score = |s: f64| TOP + ph - (s - 0.0) / 10.0 * ph;
    let y_rate = |r: f64| TOP + ph - r * ph;
    let bar_w = (pw / n * 0.8).max(1.0);
    let mut doc = Document::new()
        .set("width", W)
        .set("height", H)
        .set("viewBox", (0, 0, W, H))
        .add(
            Rectangle::new()
                .set("width", W)
                .set("height", H)
                .set("fill", "#ffffff"),
        );
    for s in 0..=10 {
        let yy = y_score(s as f64);
        doc = doc
            .add(
                Line::new()
                    .set("x1", LEFT)
                    .set("x2", W - RIGHT)
                    .set("y1", yy)
                    .set("y2", yy)
                    .set("stroke", "#e4e4e4"),
            )
            .add(label(LEFT - 10.0, yy + 4.0, &s.to_string(), "end"))
            .add(label(
                W - RIGHT + 10.0,
                yy + 4.0,
                &format!("{}%", s * 10),
                "start",
            ));
    }
    for p in points {
        if let Some(r) = p.fail_rate {
            doc = doc.add(
                Rectangle::new()
                    .set("x", x(p.number) - bar_w / 2.0)
                    .set("y", y_rate(r))
                    .set("width", bar_w)
                    .set("height", (y_rate(0.0) - y_rate(r)).max(0.0))
                    .set("fill", "#f4a261")
                    .set("fill-opacity", 0.6),
            );
        }
    }
    let target: Vec<String> = points
        .iter()
        .flat_map(|p| {
            let yy = y_score(target_score(p.band) as f64);
            [
                format!("{:.1},{yy:.1}", x(p.number) - pw / n / 2.0),
                format!("{:.1},{yy:.1}", x(p.number) + pw / n / 2.0),
            ]
        })
        .collect();
    doc = doc.add(
        Polyline::new()
            .set("points", target.join(" "))
            .set("fill", "none")
            .set("stroke", "#2a9d8f")
            .set("stroke-width", 3),
    );
    for p in points {
        if let Some(d) = p.difficulty {
            doc = doc.add(
                Circle::new()
                    .set("cx", x(p.number))
                    .set("cy", y_score(d as f64))
                    .set("r", 3.5)
                    .set("fill", "#264653"),
            );
        }
    }
    for sl in slices {
        let (x1, x2) = (x(sl.first) - pw / n / 2.0, x(sl.last) + pw / n / 2.0);
        let yy = y_rate(sl.mean_competent);
        doc = doc
            .add(
                Line::new()
                    .set("x1", x1)
                    .set("x2", x2)
                    .set("y1", yy)
                    .set("y2", yy)
                    .set("stroke", "#7b2cbf")
                    .set("stroke-width", 2)
                    .set("stroke-dasharray", "8 4"),
            )
            .add(label(
                (x1 + x2) / 2.0,
                yy - 6.0,
                &format!("competent win {:.0} %", sl.mean_competent * 100.0),
                "middle",
            ));
    }
    let axis = TOP + ph;
    for t in TICKS.iter().filter(|&&t| t as f64 <= n) {
        doc = doc
            .add(
                Line::new()
                    .set("x1", x(*t))
                    .set("x2", x(*t))
                    .set("y1", axis)
                    .set("y2", axis + 8.0)
                    .set("stroke", "#333333")
                    .set("stroke-width", 1.5),
            )
            .add(label(x(*t), axis + 24.0, &t.to_string(), "middle"));
    }
    if WALL_LEVEL as f64 <= n {
        let wx = x(WALL_LEVEL);
        doc = doc
            .add(
                Line::new()
                    .set("class", "wall")
                    .set("x1", wx)
                    .set("x2", wx)
                    .set("y1", TOP)
                    .set("y2", axis)
                    .set("stroke", "#d62828")
                    .set("stroke-width", 2)
                    .set("stroke-dasharray", "4 4"),
            )
            .add(
                label(
                    wx + 6.0,
                    TOP + ph * 0.35,
                    &format!("the wall (level {WALL_LEVEL})"),
                    "start",
                )
                .set("fill", "#d62828"),
            );
    }
    doc = doc
        .add(
            Line::new()
                .set("x1", LEFT)
                .set("x2", W - RIGHT)
                .set("y1", axis)
                .set("y2", axis)
                .set("stroke", "#333333"),
        )
        .add(label(W / 2.0, H - 12.0, "level", "middle"))
        .add(label(
            LEFT,
            30.0,
            "difficulty score (dots) and the target band's score (line)",
            "start",
        ))
        .add(label(
            W - RIGHT,
            30.0,
            "human fail rate (bars), competent win rate per slice (dashes)",
            "end",
        ));
    doc.to_string()
}

fn label(x: f64, y: f64, text: &str, anchor: &str) -> Text {
    Text::new(text)
        .set("x", x)
        .set("y", y)
        .set("font-size", 14)
        .set("font-family", "sans-serif")
        .set("text-anchor", anchor)
        .set("fill", "#333333")
}

pub fn run(cmd: PlotCommand) -> Result<ExitCode, CliError> {
    let PlotCommand::Curve(args) = cmd;
    if Format::of(&args.out)? != Format::Svg {
        return Err(CliError::arg(format!(
            "{}: plot curve writes SVG only",
            args.out.display()
        )));
    }
    let path = levels_path(args.file)?;
    let file = read_level_file(&path)?;
    let points = curve_points(&file.levels);
    write_atomic(&args.out, curve_of(&file.levels).as_bytes())?;
    let measured = points.iter().filter(|p| p.difficulty.is_some()).count();
    say!(
        "curve of {} ({} measured): {}",
        count(points.len(), "level", "levels"),
        measured,
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(n: u32) -> Vec<CurvePoint> {
        (1..=n)
            .map(|number| CurvePoint {
                number,
                band: 1,
                difficulty: Some(3),
                fail_rate: Some(0.1),
            })
            .collect()
    }

    /// Texts under the plot area (the x-axis labels), and all texts.
    fn texts(svg: &str) -> (Vec<String>, Vec<String>) {
        let doc = roxmltree::Document::parse(svg).expect("valid SVG");
        let all: Vec<(f64, String)> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| {
                let y = n.attribute("y")?.parse().ok()?;
                Some((y, n.text()?.trim().to_string()))
            })
            .collect();
        let below = all
            .iter()
            .filter(|(y, _)| *y > H - BOTTOM + 10.0)
            .map(|(_, t)| t.clone())
            .collect();
        (below, all.into_iter().map(|(_, t)| t).collect())
    }

    #[test]
    fn the_x_axis_has_level_ticks_and_the_wall_is_marked() {
        let svg = curve_svg(&points(200), &[]);
        let (ticks, all) = texts(&svg);
        for t in ["1", "36", "50", "100", "150", "200"] {
            assert!(ticks.iter().any(|l| l == t), "tick {t}: {ticks:?}");
        }
        assert!(all.iter().any(|l| l == "the wall (level 36)"));
        assert!(svg.contains("class=\"wall\""));
    }

    #[test]
    fn a_short_set_gets_only_the_ticks_it_reaches() {
        let svg = curve_svg(&points(20), &[]);
        let (ticks, _) = texts(&svg);
        assert!(ticks.iter().any(|l| l == "1"));
        assert!(!ticks.iter().any(|l| l == "36" || l == "50"));
        assert!(!svg.contains("class=\"wall\""));
    }
}
