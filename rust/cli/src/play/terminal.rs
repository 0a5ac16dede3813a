//! The terminal event loop. ratatui's `init` puts the terminal in raw mode on the alternate screen and
//! installs a panic hook that restores it; we add mouse capture and always restore on the way out.

use std::io;

use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyCode, KeyEventKind, KeyModifiers,
    MouseButton, MouseEventKind,
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
        if let Some(input) = input_of(&event::read()?, &board) {
            app.handle(input);
        }
    }
    Ok(())
}

/// The game's input for a terminal event. Raw mode turns Ctrl-C into a key, so it is read as quit here.
pub fn input_of(event: &Event, board: &BoardArea) -> Option<Input> {
    match event {
        Event::Key(k) if k.kind == KeyEventKind::Press => match k.code {
            KeyCode::Char('c' | 'C') if k.modifiers.contains(KeyModifiers::CONTROL) => {
                Some(Input::Quit)
            }
            KeyCode::Left => Some(Input::Left),
            KeyCode::Right => Some(Input::Right),
            KeyCode::Up => Some(Input::Up),
            KeyCode::Down => Some(Input::Down),
            KeyCode::Enter => Some(Input::Enter),
            KeyCode::Backspace => Some(Input::Backspace),
            KeyCode::Esc => Some(Input::Quit),
            KeyCode::Char(c) => Some(Input::Char(c)),
            _ => None,
        },
        Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => board
            .cell_at(m.column, m.row)
            .map(|(x, y)| Input::ClickCell(x, y)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyEvent;

    #[test]
    fn ctrl_c_and_esc_quit_and_plain_c_is_a_key() {
        let key = |code, modifiers| Event::Key(KeyEvent::new(code, modifiers));
        let board = BoardArea::default();
        let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(input_of(&ctrl_c, &board), Some(Input::Quit));
        assert_eq!(
            input_of(&key(KeyCode::Esc, KeyModifiers::NONE), &board),
            Some(Input::Quit)
        );
        let c = key(KeyCode::Char('c'), KeyModifiers::NONE);
        assert_eq!(input_of(&c, &board), Some(Input::Char('c')));
    }
}
