//! `InputGate` (RefCounted): the board's touch input gate. Reads Godot's pointer events into
//! `screwsmith_play::input_gate::PointerEvent` and returns the gate's decision; the state machine
//! (duplicate mouse events, emulated `device == -1` events, releases before early returns) and its
//! tests are in the core.

use godot::classes::{
    InputEvent, InputEventMouseButton, InputEventMouseMotion, InputEventScreenDrag,
    InputEventScreenTouch,
};
use godot::prelude::*;
use screwsmith_play::input_gate::{Fed, GateAction, InputGate as CoreGate, PointerEvent};

/// One per view that takes taps. `feed(event, accepting)` → `{action, position, dragging}`.
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct InputGate {
    base: Base<RefCounted>,
    gate: CoreGate,
}

/// Event positions in whole pixels: the gate decides with integers.
fn pixels(p: Vector2) -> (i32, i32) {
    (p.x.round() as i32, p.y.round() as i32)
}

/// The pointer event behind a Godot input event, if it is one the gate reads.
fn pointer_event(event: Gd<InputEvent>) -> Option<PointerEvent> {
    let event = match event.try_cast::<InputEventScreenTouch>() {
        Ok(t) => {
            let (x, y) = pixels(t.get_position());
            return Some(PointerEvent::Touch {
                index: t.get_index(),
                pressed: t.is_pressed(),
                device: t.get_device(),
                x,
                y,
            });
        }
        Err(e) => e,
    };
    let event = match event.try_cast::<InputEventScreenDrag>() {
        Ok(d) => {
            let (x, y) = pixels(d.get_position());
            return Some(PointerEvent::TouchDrag {
                index: d.get_index(),
                device: d.get_device(),
                x,
                y,
            });
        }
        Err(e) => e,
    };
    let event = match event.try_cast::<InputEventMouseButton>() {
        Ok(b) => {
            let (x, y) = pixels(b.get_position());
            return Some(PointerEvent::MouseButton {
                button: b.get_button_index().ord(),
                pressed: b.is_pressed(),
                device: b.get_device(),
                x,
                y,
            });
        }
        Err(e) => e,
    };
    let m = event.try_cast::<InputEventMouseMotion>().ok()?;
    let (x, y) = pixels(m.get_position());
    Some(PointerEvent::MouseMotion {
        device: m.get_device(),
        x,
        y,
    })
}

/// `{action, position, dragging}` as `feed` documents.
fn action_dict(fed: Fed) -> VarDictionary {
    let (x, y) = fed.action.position().unwrap_or((0, 0));
    vdict! {
        "action" => &GString::from(fed.action.name()),
        "position" => Vector2i::new(x, y),
        "dragging" => fed.dragging,
    }
}

#[godot_api]
impl InputGate {
    /// Feeds one event. `accepting` is false while the board is won, lost or locked (presses are
    /// ignored; the owning release still ends the gesture). Returns `{action: "ignore"|"press"|"move"|
    /// "tap"|"release", position: Vector2i, dragging: bool}`; on "tap", raycast at `position`.
    #[func]
    fn feed(&mut self, event: Option<Gd<InputEvent>>, accepting: bool) -> VarDictionary {
        crate::calls::count();
        let action = match event.and_then(pointer_event) {
            Some(e) => self.gate.feed(e, accepting),
            None => GateAction::Ignore,
        };
        action_dict(Fed {
            action,
            dragging: self.gate.is_dragging(),
        })
    }

    /// Feeds a frame's events (an `Array[InputEvent]`) in order, all with the same `accepting`, in one
    /// call: one `feed` Dictionary per event.
    #[func]
    fn feed_events(
        &mut self,
        events: Array<Gd<InputEvent>>,
        accepting: bool,
    ) -> Array<VarDictionary> {
        crate::calls::count();
        let pointer = events.iter_shared().map(pointer_event);
        let fed = self.gate.feed_all(pointer, accepting);
        fed.into_iter().map(action_dict).collect()
    }

    /// A press is down (not yet released).
    #[func]
    fn is_pressed(&self) -> bool {
        crate::calls::count();
        self.gate.is_pressed()
    }

    /// The gesture in progress left the tap slop.
    #[func]
    fn is_dragging(&self) -> bool {
        crate::calls::count();
        self.gate.is_dragging()
    }

    /// A real touch was seen: mouse events are ignored from now on.
    #[func]
    fn touch_seen(&self) -> bool {
        crate::calls::count();
        self.gate.touch_seen()
    }

    /// Forget the gesture in progress (scene hidden or changed).
    #[func]
    fn reset(&mut self) {
        crate::calls::count();
        self.gate.reset();
    }
}
