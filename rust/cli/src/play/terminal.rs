//! The terminal event loop. ratatui's `init` puts the terminal in raw mode on the alternate screen and
//! installs a panic hook that restores it; we add mouse capture and always restore on the way out.

use std::io;

use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, MouseButton,
    MouseEventKind,
};
use ratatui::crossterm::execute;

use super::app::{App, Input};
use super::draw::{draw, BoardArea};

/// Runs the game until the player quits.
pub fn run(mut app: App) -> io::Result<App> {
    let mut terminal = ratatui::try_init()?;
    execute!(io::stdout(), EnableMouseCapture)?;
    let result = event_loop(&mut terminal, &mut app);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result.map(|_| app)
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> io::Result<()> {
    let mut board = BoardArea::default();
    while !app.quit {
        terminal.draw(|f| board = draw(f, app))?;
        let input = match event::read()? {
            Event::Key(k) if k.kind == KeyEventKind::Press => match k.code {
                KeyCode::Left => Some(Input::Left),
                KeyCode::Right => Some(Input::Right),
                KeyCode::Up => Some(Input::Up),
                KeyCode::Down => Some(Input::Down),
                KeyCode::Enter => Some(Input::Enter),
                KeyCode::Backspace => Some(Input::Backspace),
                KeyCode::Esc => Some(Input::Char('q')),
                KeyCode::Char(c) => Some(Input::Char(c)),
                _ => None,
            },
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => board
                .cell_at(m.column, m.row)
                .map(|(x, y)| Input::ClickCell(x, y)),
            _ => None,
        };
        if let Some(input) = input {
            app.handle(input);
        }
    }
    Ok(())
}
