//! The terminal game's state machine. Keys become moves on `GameSim`; nothing here decides a rule.
//! Kept free of terminal I/O so it is tested directly.

use screwsmith_gen::daily::score::score;
use screwsmith_gen::daily::ShareParts;
use screwsmith_rules::level::Measure;
use screwsmith_rules::sim::Loss;
use screwsmith_rules::{GameSim, Move, Status};

/// A key or click, already decoded from the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Left,
    Right,
    Up,
    Down,
    Enter,
    Backspace,
    Char(char),
    /// A click on board cell (x, y).
    ClickCell(u8, u8),
    /// Esc, q or Ctrl-C.
    Quit,
}

/// The keys, always on screen (not only before the first move).
pub const KEYS: &str =
    "arrows + enter: tap · w: wrench · digits: type a screw id · u: undo · r: restart · q, Esc, Ctrl-C: quit";

/// What the board's marks mean, always on screen.
pub const LEGEND: &str =
    "a–z colour · ? hidden · * = rusty (2 taps) · # = bolt (wrench) · L:n = locked until n leaves · key · !n = bomb";

/// What the win/lose screen says about the level.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdict {
    pub measure: Option<Measure>,
}

/// One game in the terminal.
pub struct App {
    pub sim: GameSim,
    pub title: String,
    pub verdict: Verdict,
    /// Set for the daily bench: the share text parts come from it and the attempt's score.
    pub bench: Option<u32>,
    /// Undos in this attempt (the bench's score counts them; a restart starts a new attempt).
    pub undos: u32,
    /// Index into [`App::selectable`].
    pub cursor: usize,
    /// Digits typed so far (a screw id).
    pub typed: String,
    pub message: String,
    pub quit: bool,
}

impl App {
    pub fn new(sim: GameSim, title: String, verdict: Verdict, bench: Option<u32>) -> Self {
        App {
            sim,
            title,
            verdict,
            bench,
            undos: 0,
            cursor: 0,
            typed: String::new(),
            message: String::new(),
            quit: false,
        }
    }

    /// Accessible screws in reading order (row, then column): what the cursor walks over.
    pub fn selectable(&self) -> Vec<u16> {
        let level = self.sim.level();
        let mut ids: Vec<(u8, u8, u16)> = (0..level.screw_count() as u8)
            .filter(|&i| self.sim.is_accessible(i))
            .map(|i| {
                let s = &level.screws()[i as usize];
                (s.xy[1], s.xy[0], s.id)
            })
            .collect();
        ids.sort_unstable();
        ids.into_iter().map(|(_, _, id)| id).collect()
    }

    /// The screw under the cursor.
    pub fn selected(&self) -> Option<u16> {
        let sel = self.selectable();
        sel.get(self.cursor.min(sel.len().saturating_sub(1)))
            .copied()
    }

    /// The share text parts once a daily bench is won.
    pub fn share(&self) -> Option<ShareParts> {
        match (self.bench, self.sim.status()) {
            (Some(bench), Status::Won) => Some(ShareParts {
                bench,
                score: score(self.sim.moves(), self.undos, 0),
            }),
            _ => None,
        }
    }

    /// The line printed after the game: the title and how it ended.
    pub fn farewell(&self) -> String {
        let moves = self.sim.moves() as usize;
        let n = crate::output::count(moves, "move", "moves");
        let how = match self.sim.status() {
            Status::Won => format!("won in {n}"),
            Status::Lost => format!("lost after {n}"),
            Status::Playing => format!("quit after {n}"),
        };
        format!("{}: {how}", self.title)
    }

    /// Applies one input.
    pub fn handle(&mut self, input: Input) {
        match input {
            Input::Left | Input::Up => self.move_cursor(-1, input == Input::Up),
            Input::Right | Input::Down => self.move_cursor(1, input == Input::Down),
            Input::Enter => self.act(false),
            Input::Backspace => {
                self.typed.pop();
            }
            Input::ClickCell(x, y) => self.click(x, y),
            Input::Quit => self.quit = true,
            Input::Char(c) => match c {
                '0'..='9' => self.typed.push(c),
                'w' | 'W' => self.act(true),
                'u' | 'U' => self.undo(),
                'r' | 'R' => {
                    self.sim.restart();
                    self.undos = 0;
                    self.typed.clear();
                    self.cursor = 0;
                    self.message = "restarted".into();
                }
                'q' | 'Q' => self.quit = true,
                _ => {}
            },
        }
    }

    fn target(&mut self) -> Option<u16> {
        if self.typed.is_empty() {
            return self.selected();
        }
        let typed = std::mem::take(&mut self.typed);
        match typed.parse::<u16>() {
            Ok(id) => Some(id),
            Err(_) => {
                self.message = format!("'{typed}' is not a screw id");
                None
            }
        }
    }

    fn act(&mut self, wrench: bool) {
        let Some(id) = self.target() else {
            if self.message.is_empty() {
                self.message = "no screw selected".into();
            }
            return;
        };
        let mv = if wrench {
            Move::Wrench(id)
        } else {
            Move::Tap(id)
        };
        self.play(mv);
    }

    fn play(&mut self, mv: Move) {
        self.message = match self.sim.apply(mv) {
            Ok(rec) => {
                let sealed = rec.sealed().len();
                match self.sim.status() {
                    Status::Won => format!(
                        "WON in {}",
                        crate::output::count(self.sim.moves() as usize, "move", "moves")
                    ),
                    Status::Lost => match self.sim.loss() {
                        Some(Loss::Bomb(i)) => format!(
                            "LOST: the bomb on screw {} went off. u = undo, r = restart",
                            self.sim.level().screws()[i as usize].id
                        ),
                        Some(Loss::NoLegalMove) => {
                            "LOST: no move left (every open screw is locked or needs the wrench). u = undo, r = restart".into()
                        }
                        _ => "LOST: the rail was full. u = undo, r = restart".into(),
                    },
                    Status::Playing if sealed > 0 => {
                        format!("{} sealed", crate::output::count(sealed, "crate", "crates"))
                    }
                    Status::Playing => String::new(),
                }
            }
            Err(e) => e.to_string(),
        };
        let n = self.selectable().len();
        if self.cursor >= n {
            self.cursor = n.saturating_sub(1);
        }
    }

    fn undo(&mut self) {
        self.message = match self.sim.undo() {
            Ok(_) => {
                self.undos += 1;
                "undone".into()
            }
            Err(e) => e.to_string(),
        };
    }

    fn click(&mut self, x: u8, y: u8) {
        let level = self.sim.level();
        let hit = (0..level.screw_count() as u8)
            .find(|&i| self.sim.is_accessible(i) && level.screws()[i as usize].xy == [x, y])
            .map(|i| level.screws()[i as usize].id);
        match hit {
            Some(id) => self.play(Move::Tap(id)),
            None => self.message = format!("no reachable screw at [{x},{y}]"),
        }
    }

    /// Moves the cursor; vertical moves go to the nearest screw in the next row up or down.
    fn move_cursor(&mut self, dir: i32, vertical: bool) {
        let sel = self.selectable();
        if sel.is_empty() {
            return;
        }
        let cur = self.cursor.min(sel.len() - 1);
        if !vertical {
            self.cursor = (cur as i32 + dir).rem_euclid(sel.len() as i32) as usize;
            return;
        }
        let level = self.sim.level();
        let pos = |id: u16| {
            let i = level.screw_index(id).expect("selectable ids exist");
            level.screws()[i as usize].xy
        };
        let [cx, cy] = pos(sel[cur]);
        let best = sel
            .iter()
            .enumerate()
            .filter(|(_, &id)| {
                let y = pos(id)[1] as i32;
                (y - cy as i32).signum() == dir
            })
            .min_by_key(|(_, &id)| {
                let [x, y] = pos(id);
                ((y as i32 - cy as i32).abs(), (x as i32 - cx as i32).abs())
            })
            .map(|(k, _)| k);
        if let Some(k) = best {
            self.cursor = k;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app(name: &str) -> App {
        let path = format!(
            "{}/../rules/tests/levels/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        let level = screwsmith_rules::level::parse_level(&text).unwrap();
        let sim = GameSim::from_level(level).unwrap();
        App::new(sim, name.into(), Verdict { measure: None }, Some(97))
    }

    #[test]
    fn typed_ids_and_enter_play_a_level_to_a_win() {
        let mut a = app("cascade");
        for id in ["1", "2", "3", "4", "5", "6"] {
            for c in id.chars() {
                a.handle(Input::Char(c));
            }
            a.handle(Input::Enter);
        }
        assert_eq!(a.sim.status(), Status::Won);
        assert_eq!(a.message, "WON in 6 moves");
        assert_eq!(
            a.share().unwrap().english(),
            "Screwsmith Bench #97 — 6 actions"
        );
    }

    #[test]
    fn a_bench_won_after_an_undo_shares_its_actions() {
        let mut a = app("cascade");
        for id in ["1", "2", "3", "4", "5", "6"] {
            for c in id.chars() {
                a.handle(Input::Char(c));
            }
            a.handle(Input::Enter);
            if id == "1" {
                a.handle(Input::Char('u'));
                a.handle(Input::Char('1'));
                a.handle(Input::Enter);
            }
        }
        assert_eq!(a.sim.status(), Status::Won);
        // 6 moves and one undo (the tap it took back and itself).
        assert_eq!(
            a.share().unwrap().english(),
            "Screwsmith Bench #97 — 8 actions"
        );
        a.handle(Input::Char('r'));
        assert_eq!(a.undos, 0, "a restart is a new attempt");
    }

    #[test]
    fn cursor_walks_accessible_screws_and_enter_taps_it() {
        let mut a = app("cascade");
        assert_eq!(a.selectable(), vec![1, 2, 3, 4, 5, 6]);
        a.handle(Input::Right);
        a.handle(Input::Down);
        assert_eq!(
            a.selected(),
            Some(5),
            "down goes to the nearest screw of the next row"
        );
        a.handle(Input::Left);
        a.handle(Input::Left);
        a.handle(Input::Left);
        assert_eq!(a.selected(), Some(2), "left wraps through the list");
        a.handle(Input::Enter);
        assert!(a.sim.is_removed(a.sim.level().screw_index(2).unwrap()));
        a.handle(Input::Char('u'));
        assert_eq!(a.sim.moves(), 0);
    }

    #[test]
    fn wrench_undo_restart_quit_and_errors_are_messages() {
        let mut a = app("bolt");
        a.handle(Input::Char('1'));
        a.handle(Input::Enter);
        assert_eq!(a.message, "screw 1 is a bolt: only a wrench tap removes it");
        a.handle(Input::Char('1'));
        a.handle(Input::Char('w'));
        assert_eq!(a.sim.wrench_charges(), 0);
        // Out of charges, the wrench on a plain screw names the charges, not the screw's kind.
        a.handle(Input::Char('2'));
        a.handle(Input::Char('w'));
        assert_eq!(a.message, "no wrench charges left");
        a.handle(Input::ClickCell(1, 0));
        assert_eq!(a.sim.moves(), 2);
        a.handle(Input::ClickCell(0, 0));
        assert!(a.message.starts_with("no reachable screw"));
        a.handle(Input::Char('r'));
        assert_eq!(a.sim.moves(), 0);
        a.handle(Input::Char('9'));
        a.handle(Input::Char('9'));
        a.handle(Input::Enter);
        assert_eq!(a.message, "no screw with id 99 in this level");
        a.handle(Input::Char('q'));
        assert!(a.quit);
        assert_eq!(a.farewell(), "bolt: quit after 0 moves");
    }

    #[test]
    fn farewell_says_how_the_game_ended() {
        let mut a = app("cascade");
        a.handle(Input::Char('1'));
        a.handle(Input::Enter);
        a.handle(Input::Quit);
        assert!(a.quit);
        assert_eq!(a.farewell(), "cascade: quit after 1 move");
        for id in ['2', '3', '4', '5', '6'] {
            a.handle(Input::Char(id));
            a.handle(Input::Enter);
        }
        assert_eq!(a.farewell(), "cascade: won in 6 moves");
    }
}
