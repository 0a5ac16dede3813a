//! Draws the terminal game: crates and queue on top, the board by layers, the rail at the bottom, then the
//! message line. Colours come from the game palette; each colour also has a letter (the colour-blind
//! pattern, as in the game's screw heads).

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;
use screwsmith_readability::Palette;
use screwsmith_rules::cells::bits;
use screwsmith_rules::level::ScrewKind;
use screwsmith_rules::sim::rail::EMPTY;
use screwsmith_rules::{GameSim, Status};

use super::app::{App, KEYS, LEGEND};

/// Terminal columns per board cell.
pub const CELL_W: u16 = 6;
/// Terminal rows per board cell.
pub const CELL_H: u16 = 2;

/// Where the board's cell (0, 0) is drawn, so clicks can be mapped back to cells.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardArea {
    pub x: u16,
    pub y: u16,
    pub width: u8,
    pub height: u8,
}

impl BoardArea {
    /// The cell under a terminal position, if any.
    pub fn cell_at(&self, col: u16, row: u16) -> Option<(u8, u8)> {
        if col < self.x || row < self.y {
            return None;
        }
        let (cx, cy) = ((col - self.x) / CELL_W, (row - self.y) / CELL_H);
        (cx < self.width as u16 && cy < self.height as u16).then_some((cx as u8, cy as u8))
    }
}

/// Terminal colour and letter of a palette colour: the game's own palette (`rust/readability/data/palette.json`),
/// lettered by the colour's name so colour-blind players can read it (R, Y, G, B, P, W).
fn swatch(color: u8) -> (Color, char) {
    match Palette::shipped().colour(color) {
        Some(c) => {
            let [r, g, b] = c.bright;
            let letter = c.name.chars().next().unwrap_or('?').to_ascii_uppercase();
            (Color::Rgb(r, g, b), letter)
        }
        None => (Color::White, '?'),
    }
}

/// Background of the top-most layer covering a cell (none: the machine's floor), the game's scene colours.
fn layer_bg(layer: Option<u8>) -> Color {
    let scene = Palette::shipped();
    let [r, g, b] = match layer {
        None => scene.scene.background,
        Some(l) => scene.panel(l),
    };
    Color::Rgb(r, g, b)
}

/// The smallest terminal (columns, rows) the game fits in: the board, the crates and rail lines, the
/// message, the keys and the legend.
pub fn needed_size(app: &App) -> (u16, u16) {
    let data = app.sim.level().data();
    let board = data.width as u16 * CELL_W + 2;
    let crates = 7 + 8 * data.crate_slots as u16 + 6 + 2 * 6;
    let rail = 7 + 5 * data.rail_slots as u16;
    let text = KEYS.chars().count().max(LEGEND.chars().count()) as u16;
    let width = board.max(crates).max(rail).max(text);
    (width, data.height as u16 * CELL_H + 2 + 7)
}

/// Draws the whole screen and returns where the board went (nothing but a request to enlarge the
/// terminal when the game does not fit: a clipped board would be misread).
pub fn draw(frame: &mut Frame, app: &App) -> BoardArea {
    let (need_w, need_h) = needed_size(app);
    let have = frame.area();
    if have.width < need_w || have.height < need_h {
        frame.render_widget(
            Paragraph::new(format!(
                "enlarge the terminal to {need_w}×{need_h} (it is {}×{}) · q: quit",
                have.width, have.height
            ))
            .wrap(ratatui::widgets::Wrap { trim: true }),
            have,
        );
        return BoardArea::default();
    }
    let sim = &app.sim;
    let level = sim.level();
    let (w, h) = (level.data().width, level.data().height);
    let rows = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(h as u16 * CELL_H + 2),
        Constraint::Length(1),
        Constraint::Length(2),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(0),
    ])
    .split(frame.area());

    let status = match sim.status() {
        Status::Playing => String::new(),
        Status::Won => "  ★ WON".into(),
        Status::Lost => "  ✗ LOST".into(),
    };
    frame.render_widget(
        Paragraph::new(format!(
            "Screwsmith — {}   moves {}   wrench {}{status}",
            app.title,
            sim.moves(),
            sim.wrench_charges()
        ))
        .style(Style::default().add_modifier(Modifier::BOLD)),
        rows[0],
    );

    let mut crates: Vec<Span> = vec![Span::raw("crates ")];
    for c in sim.crates() {
        if c.is_active() {
            let (col, letter) = swatch(c.color);
            let fill: String = (0..3).map(|k| if k < c.fill { '■' } else { '□' }).collect();
            crates.push(Span::styled(
                format!("[{letter} {fill}] "),
                Style::default().fg(col),
            ));
        } else {
            crates.push(Span::raw("[     ] "));
        }
    }
    crates.push(Span::raw(" next "));
    for &c in sim.queue_preview().iter().take(6) {
        let (col, letter) = swatch(c);
        crates.push(Span::styled(format!("{letter} "), Style::default().fg(col)));
    }
    frame.render_widget(Paragraph::new(Line::from(crates)), rows[1]);

    let board_rect = Rect {
        width: (w as u16 * CELL_W + 2).min(rows[2].width),
        ..rows[2]
    };
    frame.render_widget(Block::bordered().title(" board "), board_rect);
    let area = BoardArea {
        x: board_rect.x + 1,
        y: board_rect.y + 1,
        width: w,
        height: h,
    };
    let selected = app.selected();
    let poses = sim.poses();
    let accessible = sim.accessible_mask();
    for y in 0..h {
        for line in 0..CELL_H {
            let mut spans = Vec::with_capacity(w as usize);
            for x in 0..w {
                let bit = 1u128 << (y as u32 * w as u32 + x as u32);
                let top = level
                    .parts()
                    .iter()
                    .enumerate()
                    .filter(|(p, _)| poses[*p] & bit != 0)
                    .map(|(_, part)| part.layer)
                    .max();
                let bg = layer_bg(top);
                let screw = bits(accessible)
                    .map(|i| i as u8)
                    .find(|&i| level.screws()[i as usize].xy == [x, y]);
                let text = match (screw, line) {
                    (Some(i), 0) => {
                        let s = &level.screws()[i as usize];
                        let (col, letter) = swatch(s.color);
                        let known = sim.is_known(i);
                        let mark = match s.kind {
                            ScrewKind::Bolt => '#',
                            ScrewKind::Rusty if sim.touches(i) == 0 => '*',
                            _ => ' ',
                        };
                        let label =
                            format!("{}{:<3}{mark} ", if known { letter } else { '?' }, s.id);
                        let mut style = Style::default().bg(bg);
                        style = if known {
                            style.fg(col)
                        } else {
                            style.fg(Color::White)
                        };
                        if selected == Some(s.id) {
                            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
                        }
                        Span::styled(label, style)
                    }
                    (Some(i), 1) if sim.bomb_left(i).is_some() => {
                        let left = sim.bomb_left(i).unwrap_or(0);
                        let mut style = Style::default().bg(bg).fg(Color::White);
                        if left <= 2 {
                            style = style.fg(Color::Red).add_modifier(Modifier::BOLD);
                        }
                        Span::styled(format!(" !{left:<4}"), style)
                    }
                    (Some(i), 1) => {
                        Span::styled(lock_label(sim, i), Style::default().bg(bg).fg(Color::White))
                    }
                    _ => Span::styled(" ".repeat(CELL_W as usize), Style::default().bg(bg)),
                };
                spans.push(text);
            }
            let row = Rect {
                x: area.x,
                y: area.y + y as u16 * CELL_H + line,
                width: w as u16 * CELL_W,
                height: 1,
            };
            if row.y < frame.area().height {
                frame.render_widget(Paragraph::new(Line::from(spans)), row);
            }
        }
    }

    let mut rail: Vec<Span> = vec![Span::raw("rail   ")];
    for &s in sim.rail().slots() {
        if s == EMPTY {
            rail.push(Span::raw("[  ] "));
        } else {
            let (col, letter) = swatch(level.screws()[s as usize].color);
            rail.push(Span::styled(
                format!("[{letter} ] "),
                Style::default().fg(col),
            ));
        }
    }
    frame.render_widget(Paragraph::new(Line::from(rail)), rows[3]);

    let mut lines = vec![Line::from(format!(
        "{}{}",
        if app.typed.is_empty() {
            String::new()
        } else {
            format!("screw id: {}  ", app.typed)
        },
        app.message
    ))];
    if sim.status() != Status::Playing {
        lines.push(Line::from(verdict_line(app)));
    }
    frame.render_widget(Paragraph::new(lines), rows[4]);
    let dim = Style::default().add_modifier(Modifier::DIM);
    frame.render_widget(Paragraph::new(KEYS).style(dim), rows[5]);
    frame.render_widget(Paragraph::new(LEGEND).style(dim), rows[6]);
    area
}

/// The solver's verdict (and the share text on a won bench).
fn verdict_line(app: &App) -> String {
    let mut s = match &app.verdict.measure {
        Some(m) => format!(
            "solver: {}, human fail rate {:.0} %, difficulty {}/10",
            m.status.name(),
            m.human_fail_rate * 100.0,
            m.difficulty
        ),
        None => "solver: no stored measurement for this board".into(),
    };
    if let Some(share) = app.share() {
        s.push_str("   share: ");
        s.push_str(&share.english());
    }
    s
}

/// A screw's second line: `L:<key id>` while its lock is closed, `key` while it holds a closed lock,
/// blank otherwise (one cell wide).
fn lock_label(sim: &GameSim, i: u8) -> String {
    let s = &sim.level().screws()[i as usize];
    let text = match s.key {
        Some(k) if sim.is_locked(i) => format!("L:{}", sim.level().screws()[k as usize].id),
        _ if s.locks & sim.locked_mask() != 0 => "key".to_string(),
        _ => String::new(),
    };
    format!("{text:<w$}", w = CELL_W as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::app::{Input, Verdict};
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    use screwsmith_rules::level::{Measure, SolveStatus};
    use screwsmith_rules::GameSim;

    fn app(name: &str) -> App {
        let path = format!(
            "{}/../rules/tests/levels/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let level =
            screwsmith_rules::level::parse_level(&std::fs::read_to_string(path).unwrap()).unwrap();
        let measure = Measure {
            status: SolveStatus::Proven,
            human_fail_rate: 0.5,
            average_peak_rail: 1.0,
            min_rail_slots: None,
            unique: None,
            taps: 6,
            difficulty: 3,
            blunder_rate: None,
            competent_win_rate: None,
            competent_min_rail: None,
            solution: Vec::new(),
        };
        let verdict = Verdict {
            measure: Some(measure),
        };
        App::new(
            GameSim::from_level(level).unwrap(),
            name.into(),
            verdict,
            None,
        )
    }

    /// The screen as text, one string per row.
    fn screen(app: &App, w: u16, h: u16) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| {
            draw(f, app);
        })
        .unwrap();
        let buf = t.backend().buffer().clone();
        (0..h)
            .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n")
            .collect()
    }

    #[test]
    fn keys_and_legend_stay_on_screen_after_moves() {
        let mut a = app("bolt");
        let (w, h) = needed_size(&a);
        assert!(screen(&a, w, h).contains(KEYS));
        a.handle(Input::Char('2'));
        a.handle(Input::Enter);
        assert_eq!(a.sim.moves(), 1);
        let s = screen(&a, w, h);
        assert!(s.contains(KEYS) && s.contains(LEGEND), "{s}");
        assert!(
            LEGEND.contains("* = rusty")
                && LEGEND.contains("# = bolt")
                && KEYS.contains("w: wrench")
        );
    }

    #[test]
    fn a_bomb_shows_its_count_and_its_loss_is_named() {
        let mut a = app("bomb");
        let (w, h) = needed_size(&a);
        let s = screen(&a, w, h);
        assert!(s.contains("!3") && s.contains("!5"), "{s}");
        assert!(!s.contains("!1"), "screw 2's bomb is covered: {s}");
        assert!(LEGEND.contains("!n = bomb"));
        for id in ['1', '3'] {
            a.handle(Input::Char(id));
            a.handle(Input::Enter);
        }
        assert!(
            a.message.contains("the bomb on screw 2 went off"),
            "{}",
            a.message
        );
    }

    #[test]
    fn a_small_terminal_asks_to_be_enlarged() {
        let a = app("mid");
        let (w, h) = needed_size(&a);
        let s = screen(&a, w - 1, h);
        assert!(
            s.contains(&format!("enlarge the terminal to {w}×{h}")),
            "{s}"
        );
        assert!(!s.contains("board"), "no clipped board: {s}");
        assert!(screen(&a, w, h).contains("board"));
    }

    #[test]
    fn the_verdict_is_in_words() {
        let mut a = app("cascade");
        for id in ['1', '2', '3', '4', '5', '6'] {
            a.handle(Input::Char(id));
            a.handle(Input::Enter);
        }
        let line = verdict_line(&a);
        assert!(
            line.starts_with("solver: proven, human fail rate 50 %"),
            "{line}"
        );
    }

    #[test]
    fn clicks_map_to_cells_inside_the_board_only() {
        let a = BoardArea {
            x: 1,
            y: 3,
            width: 3,
            height: 2,
        };
        assert_eq!(a.cell_at(1, 3), Some((0, 0)));
        assert_eq!(a.cell_at(1 + CELL_W * 2 + 5, 3 + CELL_H + 1), Some((2, 1)));
        assert_eq!(a.cell_at(0, 3), None);
        assert_eq!(a.cell_at(1 + CELL_W * 3, 3), None);
        assert_eq!(a.cell_at(1, 3 + CELL_H * 2), None);
    }

    #[test]
    fn locks_and_keys_are_marked_until_the_key_leaves() {
        let mut a = app("locks");
        let (w, h) = needed_size(&a);
        let s = screen(&a, w, h);
        assert!(
            s.contains("L:1") && s.contains("L:4") && s.contains("key"),
            "{s}"
        );
        a.sim.tap(1).unwrap();
        let s = screen(&a, w, h);
        assert!(!s.contains("L:1") && s.contains("L:4"), "{s}");
        assert!(LEGEND.contains("L:n = locked"));
    }
}
