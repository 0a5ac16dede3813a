//! The touch input gate: turns Godot's raw pointer events into at most one tap per finger press.
//!
//! Two bugs that only show on phones (docs/design.md §7.2) shaped it:
//!
//! 1. **One tap arrives twice.** Godot's `emulate_mouse_from_touch` (on by default) delivers every finger
//!    tap as an `InputEventScreenTouch` *and* a synthetic `InputEventMouseButton`. A view that listens to
//!    both acts twice (a toggle flips back, a screw is tapped and then its neighbour). The gate ignores
//!    every mouse event once any touch has been seen, and always ignores mouse events Godot marks as
//!    emulated (`device == -1`, Godot's `InputEvent.DEVICE_ID_EMULATION`).
//! 2. **A cleared board leaves a drag stuck.** A view that returns early ("board won, ignore input")
//!    *before* handling the release never ends its drag. The gate handles the release of the pointer that
//!    owns the gesture first, whatever the board state and whatever the filters below say.
//!
//! The gate decides with integer pixels only (no floats in decisions) and has no engine types, so the
//! replayed event sequences in the tests are exactly what the phone sends.

/// Godot's device id for events it synthesises (`InputEvent.DEVICE_ID_EMULATION`).
pub const DEVICE_EMULATED: i32 = -1;

/// Godot's `MOUSE_BUTTON_LEFT`: the only mouse button that taps.
pub const MOUSE_BUTTON_LEFT: i32 = 1;

/// How far (in pixels, each axis) a finger may wander between press and release and still tap. Beyond
/// it the gesture is a drag and its release does not tap (the player slid off to cancel).
pub const TAP_SLOP_PX: i32 = 24;

/// One raw pointer event, as the GDScript adapter reads it off Godot's `InputEvent`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointerEvent {
    /// `InputEventScreenTouch`: `index` is the finger.
    Touch {
        index: i32,
        pressed: bool,
        device: i32,
        x: i32,
        y: i32,
    },
    /// `InputEventScreenDrag`.
    TouchDrag {
        index: i32,
        device: i32,
        x: i32,
        y: i32,
    },
    /// `InputEventMouseButton`.
    MouseButton {
        button: i32,
        pressed: bool,
        device: i32,
        x: i32,
        y: i32,
    },
    /// `InputEventMouseMotion`.
    MouseMotion { device: i32, x: i32, y: i32 },
}

/// What the view should do with an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GateAction {
    /// Nothing (a duplicate, an emulated event, a second finger, or a press on a locked board).
    Ignore,
    /// A gesture started here (the view may highlight what is under the finger).
    Press { x: i32, y: i32 },
    /// The gesture's pointer moved; `dragging` turns true once it left the tap slop.
    Move { x: i32, y: i32, dragging: bool },
    /// The gesture ended as a tap at the press position: raycast here.
    Tap { x: i32, y: i32 },
    /// The gesture ended without a tap (it was a drag, or the board locked meanwhile).
    Release,
}

impl GateAction {
    /// The action's name for the GDScript adapter: "ignore", "press", "move", "tap" or "release".
    pub fn name(&self) -> &'static str {
        match self {
            GateAction::Ignore => "ignore",
            GateAction::Press { .. } => "press",
            GateAction::Move { .. } => "move",
            GateAction::Tap { .. } => "tap",
            GateAction::Release => "release",
        }
    }

    /// The position the action refers to (the press position for a tap), if any.
    pub fn position(&self) -> Option<(i32, i32)> {
        match *self {
            GateAction::Press { x, y }
            | GateAction::Move { x, y, .. }
            | GateAction::Tap { x, y } => Some((x, y)),
            GateAction::Ignore | GateAction::Release => None,
        }
    }
}

/// One event fed by [`InputGate::feed_all`]: what to do, and whether the gesture in progress
/// has left the tap slop after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fed {
    pub action: GateAction,
    pub dragging: bool,
}

/// Which pointer owns the current gesture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pointer {
    Finger(i32),
    Mouse,
}

/// The gesture in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Gesture {
    pointer: Pointer,
    start_x: i32,
    start_y: i32,
    dragging: bool,
}

/// The gate's state machine. One per view that takes taps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InputGate {
    touch_seen: bool,
    gesture: Option<Gesture>,
}

impl InputGate {
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a touch has been seen (from then on mouse events are ignored).
    pub fn touch_seen(&self) -> bool {
        self.touch_seen
    }

    /// Whether a gesture is in progress (a press not yet released).
    pub fn is_pressed(&self) -> bool {
        self.gesture.is_some()
    }

    /// Whether the gesture in progress has left the tap slop.
    pub fn is_dragging(&self) -> bool {
        self.gesture.is_some_and(|g| g.dragging)
    }

    /// Forget the gesture in progress (the view was hidden or the scene changed). Keeps `touch_seen`:
    /// the device still has a touch screen.
    pub fn reset(&mut self) {
        self.gesture = None;
    }

    /// Feed one event. `accepting` is false while the board is won, lost, animating or covered by a
    /// panel: presses are then ignored, but a release still ends the gesture.
    pub fn feed(&mut self, event: PointerEvent, accepting: bool) -> GateAction {
        let (pointer, pressed, x, y) = match event {
            PointerEvent::Touch {
                index,
                pressed,
                device,
                x,
                y,
            } => {
                // A touch Godot emulated from a mouse (desktop `emulate_touch_from_mouse`) proves
                // nothing about the hardware; a real one switches the mouse path off for good.
                if device != DEVICE_EMULATED {
                    self.touch_seen = true;
                }
                (Pointer::Finger(index), Some(pressed), x, y)
            }
            PointerEvent::TouchDrag { index, x, y, .. } => (Pointer::Finger(index), None, x, y),
            PointerEvent::MouseButton {
                button,
                pressed,
                x,
                y,
                ..
            } => {
                if button != MOUSE_BUTTON_LEFT {
                    return GateAction::Ignore;
                }
                (Pointer::Mouse, Some(pressed), x, y)
            }
            PointerEvent::MouseMotion { x, y, .. } => (Pointer::Mouse, None, x, y),
        };

        // Bug 2: the release of the owning pointer is handled before every early return below, so
        // neither a locked board nor the mouse filter can leave a gesture stuck.
        if pressed == Some(false) {
            return self.release(pointer, x, y, accepting);
        }
        if self.mouse_filtered(event) {
            return GateAction::Ignore;
        }
        match pressed {
            Some(true) => self.press(pointer, x, y, accepting),
            _ => self.motion(pointer, x, y),
        }
    }

    /// Feeds a frame's `events` in order, all with the same `accepting`: one [`Fed`] per event. `None`
    /// stands for an event that is no pointer event (ignored). The board hands over a frame's events in
    /// one call this way, where each call across the engine boundary costs. (A tap that ends the game
    /// cannot lock the board for the rest of its own frame here; the board drops any later tap of that
    /// frame itself, as the gate would have.)
    pub fn feed_all(
        &mut self,
        events: impl IntoIterator<Item = Option<PointerEvent>>,
        accepting: bool,
    ) -> Vec<Fed> {
        events
            .into_iter()
            .map(|event| Fed {
                action: event.map_or(GateAction::Ignore, |e| self.feed(e, accepting)),
                dragging: self.is_dragging(),
            })
            .collect()
    }

    /// Bug 1: mouse events are duplicates once a touch was seen, and always when Godot emulated them.
    /// Emulated touches (from a desktop mouse) are duplicates of the real mouse event.
    fn mouse_filtered(&self, event: PointerEvent) -> bool {
        match event {
            PointerEvent::MouseButton { device, .. } | PointerEvent::MouseMotion { device, .. } => {
                self.touch_seen || device == DEVICE_EMULATED
            }
            PointerEvent::Touch { device, .. } | PointerEvent::TouchDrag { device, .. } => {
                device == DEVICE_EMULATED
            }
        }
    }

    fn press(&mut self, pointer: Pointer, x: i32, y: i32, accepting: bool) -> GateAction {
        // A second finger (or a press while one is down) never starts a second gesture.
        if self.gesture.is_some() || !accepting {
            return GateAction::Ignore;
        }
        self.gesture = Some(Gesture {
            pointer,
            start_x: x,
            start_y: y,
            dragging: false,
        });
        GateAction::Press { x, y }
    }

    fn motion(&mut self, pointer: Pointer, x: i32, y: i32) -> GateAction {
        match self.gesture.as_mut() {
            Some(g) if g.pointer == pointer => {
                if !within_slop(g.start_x, g.start_y, x, y) {
                    g.dragging = true;
                }
                GateAction::Move {
                    x,
                    y,
                    dragging: g.dragging,
                }
            }
            _ => GateAction::Ignore,
        }
    }

    fn release(&mut self, pointer: Pointer, x: i32, y: i32, accepting: bool) -> GateAction {
        match self.gesture {
            Some(g) if g.pointer == pointer => {
                self.gesture = None;
                if accepting && !g.dragging && within_slop(g.start_x, g.start_y, x, y) {
                    GateAction::Tap {
                        x: g.start_x,
                        y: g.start_y,
                    }
                } else {
                    GateAction::Release
                }
            }
            _ => GateAction::Ignore,
        }
    }
}

fn within_slop(x0: i32, y0: i32, x1: i32, y1: i32) -> bool {
    (x1.saturating_sub(x0)).saturating_abs() <= TAP_SLOP_PX
        && (y1.saturating_sub(y0)).saturating_abs() <= TAP_SLOP_PX
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(index: i32, pressed: bool, x: i32, y: i32) -> PointerEvent {
        PointerEvent::Touch {
            index,
            pressed,
            device: 0,
            x,
            y,
        }
    }

    fn emulated_mouse(pressed: bool, x: i32, y: i32) -> PointerEvent {
        PointerEvent::MouseButton {
            button: MOUSE_BUTTON_LEFT,
            pressed,
            device: DEVICE_EMULATED,
            x,
            y,
        }
    }

    fn mouse(pressed: bool, x: i32, y: i32) -> PointerEvent {
        PointerEvent::MouseButton {
            button: MOUSE_BUTTON_LEFT,
            pressed,
            device: 0,
            x,
            y,
        }
    }

    fn taps(gate: &mut InputGate, events: &[PointerEvent]) -> Vec<GateAction> {
        events
            .iter()
            .map(|e| gate.feed(*e, true))
            .filter(|a| matches!(a, GateAction::Tap { .. }))
            .collect()
    }

    /// Bug 1 replayed: Android sends the touch, then Godot's emulated mouse copy of the same tap.
    #[test]
    fn one_finger_tap_delivered_twice_taps_once() {
        let mut gate = InputGate::new();
        let events = [
            touch(0, true, 100, 200),
            emulated_mouse(true, 100, 200),
            touch(0, false, 101, 201),
            emulated_mouse(false, 101, 201),
        ];
        assert_eq!(
            taps(&mut gate, &events),
            vec![GateAction::Tap { x: 100, y: 200 }]
        );
        assert!(gate.touch_seen());
        assert!(!gate.is_pressed());
    }

    /// Some Android builds report the emulated mouse with a real device id; once a touch was seen, any
    /// mouse event is a duplicate.
    #[test]
    fn mouse_copies_with_a_real_device_id_are_ignored_after_a_touch() {
        let mut gate = InputGate::new();
        let events = [
            touch(0, true, 10, 10),
            mouse(true, 10, 10),
            touch(0, false, 10, 10),
            mouse(false, 10, 10),
            // the next tap: the mouse copy arrives first this time
            mouse(true, 50, 50),
            touch(0, true, 50, 50),
            mouse(false, 50, 50),
            touch(0, false, 50, 50),
        ];
        assert_eq!(
            taps(&mut gate, &events),
            vec![
                GateAction::Tap { x: 10, y: 10 },
                GateAction::Tap { x: 50, y: 50 }
            ]
        );
    }

    #[test]
    fn emulated_mouse_is_recognised_even_before_any_touch() {
        let mut gate = InputGate::new();
        assert_eq!(
            gate.feed(emulated_mouse(true, 5, 5), true),
            GateAction::Ignore
        );
        assert!(!gate.is_pressed());
    }

    #[test]
    fn desktop_mouse_taps_while_no_touch_was_seen() {
        let mut gate = InputGate::new();
        let emulated_touch = PointerEvent::Touch {
            index: 0,
            pressed: true,
            device: DEVICE_EMULATED,
            x: 7,
            y: 8,
        };
        let events = [mouse(true, 7, 8), emulated_touch, mouse(false, 7, 8)];
        assert_eq!(
            taps(&mut gate, &events),
            vec![GateAction::Tap { x: 7, y: 8 }]
        );
        assert!(
            !gate.touch_seen(),
            "an emulated touch is not a touch screen"
        );
    }

    /// Bug 2 replayed: the finger is down, the board clears (won) before the release arrives.
    #[test]
    fn release_after_board_cleared_ends_the_drag() {
        let mut gate = InputGate::new();
        assert_eq!(
            gate.feed(touch(0, true, 100, 100), true),
            GateAction::Press { x: 100, y: 100 }
        );
        let drag = PointerEvent::TouchDrag {
            index: 0,
            device: 0,
            x: 200,
            y: 100,
        };
        assert_eq!(
            gate.feed(drag, true),
            GateAction::Move {
                x: 200,
                y: 100,
                dragging: true
            }
        );
        assert!(gate.is_dragging());
        // board cleared: accepting = false from here on
        assert_eq!(
            gate.feed(touch(0, false, 200, 100), false),
            GateAction::Release
        );
        assert!(!gate.is_dragging());
        assert!(!gate.is_pressed());
        // and the next level takes taps again
        assert_eq!(
            taps(&mut gate, &[touch(0, true, 1, 1), touch(0, false, 1, 1)]),
            vec![GateAction::Tap { x: 1, y: 1 }]
        );
    }

    #[test]
    fn locked_board_release_is_not_a_tap_but_still_ends_the_gesture() {
        let mut gate = InputGate::new();
        gate.feed(touch(0, true, 30, 30), true);
        assert_eq!(
            gate.feed(touch(0, false, 30, 30), false),
            GateAction::Release
        );
        assert!(!gate.is_pressed());
    }

    /// A mouse gesture started before the first touch must still end on its release, even though the
    /// mouse path is switched off by the touch in between.
    #[test]
    fn mouse_release_ends_its_gesture_even_after_touch_filtering_started() {
        let mut gate = InputGate::new();
        gate.feed(mouse(true, 3, 3), true);
        gate.feed(touch(1, true, 90, 90), true);
        assert!(gate.touch_seen());
        assert_eq!(
            gate.feed(mouse(false, 3, 3), true),
            GateAction::Tap { x: 3, y: 3 }
        );
        assert!(!gate.is_pressed());
    }

    #[test]
    fn presses_on_a_locked_board_are_ignored() {
        let mut gate = InputGate::new();
        assert_eq!(gate.feed(touch(0, true, 1, 1), false), GateAction::Ignore);
        assert_eq!(gate.feed(touch(0, false, 1, 1), true), GateAction::Ignore);
    }

    #[test]
    fn second_finger_neither_taps_nor_ends_the_first() {
        let mut gate = InputGate::new();
        gate.feed(touch(0, true, 10, 10), true);
        assert_eq!(gate.feed(touch(1, true, 60, 60), true), GateAction::Ignore);
        assert_eq!(gate.feed(touch(1, false, 60, 60), true), GateAction::Ignore);
        assert!(gate.is_pressed());
        assert_eq!(
            gate.feed(touch(0, false, 10, 10), true),
            GateAction::Tap { x: 10, y: 10 }
        );
    }

    #[test]
    fn sliding_off_beyond_the_slop_cancels_the_tap() {
        let mut gate = InputGate::new();
        gate.feed(touch(0, true, 0, 0), true);
        let far = TAP_SLOP_PX + 1;
        assert_eq!(
            gate.feed(touch(0, false, far, 0), true),
            GateAction::Release
        );
        gate.feed(touch(0, true, 0, 0), true);
        assert_eq!(
            gate.feed(touch(0, false, TAP_SLOP_PX, -TAP_SLOP_PX), true),
            GateAction::Tap { x: 0, y: 0 }
        );
    }

    #[test]
    fn other_mouse_buttons_never_tap() {
        let mut gate = InputGate::new();
        let right = PointerEvent::MouseButton {
            button: 2,
            pressed: true,
            device: 0,
            x: 1,
            y: 1,
        };
        assert_eq!(gate.feed(right, true), GateAction::Ignore);
        assert!(!gate.is_pressed());
    }

    #[test]
    fn actions_have_adapter_names_and_positions() {
        let all = [
            (GateAction::Ignore, "ignore", None),
            (GateAction::Press { x: 1, y: 2 }, "press", Some((1, 2))),
            (
                GateAction::Move {
                    x: 3,
                    y: 4,
                    dragging: true,
                },
                "move",
                Some((3, 4)),
            ),
            (GateAction::Tap { x: 5, y: 6 }, "tap", Some((5, 6))),
            (GateAction::Release, "release", None),
        ];
        for (action, name, pos) in all {
            assert_eq!((action.name(), action.position()), (name, pos));
        }
    }

    #[test]
    fn extreme_coordinates_do_not_overflow() {
        let mut gate = InputGate::new();
        gate.feed(touch(0, true, i32::MIN, i32::MIN), true);
        assert_eq!(
            gate.feed(touch(0, false, i32::MAX, i32::MAX), true),
            GateAction::Release
        );
    }

    #[test]
    fn a_frames_events_fed_at_once_act_as_fed_one_by_one() {
        let frame = [
            Some(touch(0, true, 100, 200)),
            Some(emulated_mouse(true, 100, 200)),
            None,
            Some(touch(0, false, 102, 201)),
            Some(emulated_mouse(false, 102, 201)),
            Some(touch(0, true, 300, 300)),
        ];
        let mut batch = InputGate::new();
        let fed = batch.feed_all(frame, true);
        assert_eq!(fed.len(), frame.len(), "one action per event");
        assert_eq!(fed[2].action, GateAction::Ignore, "no pointer event");
        assert_eq!(fed[3].action, GateAction::Tap { x: 100, y: 200 });
        let mut single = InputGate::new();
        for (event, fed) in frame.iter().zip(&fed) {
            let action = event.map_or(GateAction::Ignore, |e| single.feed(e, true));
            assert_eq!(action, fed.action, "{event:?}");
            assert_eq!(single.is_dragging(), fed.dragging);
        }
        assert_eq!(batch, single, "the same state after the same events");
        assert!(batch.is_pressed(), "the last press opened a gesture");
    }
}
