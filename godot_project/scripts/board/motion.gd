@tool
class_name Motion
extends Resource
## Every duration, curve and vibration of the board's animations, in one place (motion.tres).
## Durations are seconds at normal speed; curves are exponents for GDScript's ease() (1 linear,
## >1 ease in, 0..1 ease out, <0 ease in-out). A plain tap's animation (unscrew + flight) is
## 0.30 s and one that seals a crate and pulls the next 0.43 s: inside the 0.25–0.45 s a tap may
## take before it feels slow, and short enough that a player tapping twice a second rarely sees a
## fast-forward. Undo plays the same paths backwards at `undo_speed`.

## Spin and rise off the board (the screw turning out of its hole).
@export var unscrew := 0.10
@export var unscrew_turns := 1.5
## Rise as a multiple of the screw's height.
@export var unscrew_rise := 3.0
@export var unscrew_curve := 0.5
## Flight on an arc from above the hole to the crate or rail place.
@export var fly := 0.20
## Arc height as a fraction of the flight's screen-space length (world units per unit).
@export var fly_arc := 0.25
@export var fly_curve := -1.8
## A bolt under the wrench: more turns, a little longer, and the wrench button kicks with them.
@export var bolt_unscrew := 0.16
@export var bolt_turns := 3.0
## The wrench button's swing (radians) while a bolt comes off.
@export var wrench_kick := 0.35
## A rusty screw's first tap: half a turn, then it stops, loosened.
@export var loosen := 0.16
@export var loosen_curve := 0.4
## A crate's third screw: the crate closes (a pop) ...
@export var seal := 0.10
## ... and the next queued crate slides in from above.
@export var pull := 0.13
@export var pull_curve := 0.35
## Rail screws flowing into the new crate, one after another in rail order.
@export var flow := 0.16
@export var flow_stagger := 0.05
## A panel turning about its last screw into its hanging pose (its own plate, turned).
@export var swing := 0.3
## How far (radians) the plate rocks past its hanging turn before it settles, like a pendulum.
@export var swing_wobble := 0.14
@export var swing_curve := -1.6
## How high (world units) a swinging plate rides above its layer mid-swing, clear of its neighbours.
@export var swing_lift := 0.04
## A panel with no screw left dropping off and fading.
@export var fall := 0.35
@export var fall_drop := 3.0
@export var fall_curve := 2.2
## A hidden screw's "?" flipping to its colour.
@export var reveal := 0.16
## Win: the crates hop; loss: the rail shakes and the blocking screw pulses.
@export var celebrate := 0.45
## One crate hops this long after the one before it.
@export var celebrate_stagger := 0.06
@export var shake := 0.35
@export var shake_px := 14.0
## The beat between a winning or losing move's animation and the result panel: the player sees
## the crates celebrate or the blocking screw and the rail shake before a panel covers the board.
@export var result_pause := 0.25
## A lost board holds this much longer before the lose panel covers it, showing its cause (a red
## ring on the screw that found no place, or on the bomb that went off): the panel's
## title says what happened, the board where.
@export var lose_hold := 0.9
## A bomb going off: its burst flashes out of the screw and fades.
@export var explode := 0.5
@export var explode_curve := 0.5
## The result panel's entrance: the backdrop darkens in, the panel grows and fades in.
@export var panel_in := 0.2
@export var panel_in_curve := 0.4
## A lock whose key left: its shackle lifts out of the body, then the badge fades (when the key is
## out of its hole).
@export var lock_open := 0.32
@export var lock_open_curve := 0.6
## A bomb at 1–2 moves: its badge beats this long, this many times, then rests (a still screen
## draws nothing), anew at each of its last two counts, grown this much at each beat; with reduce
## motion it stays grown by bomb_still_grow in its louder colours.
@export var bomb_pulse := 0.7
@export var bomb_pulses := 4
@export var bomb_pulse_grow := 1.25
@export var bomb_still_grow := 1.15
## Undo plays every path backwards this many times faster.
@export var undo_speed := 1.6
## Reduce motion: everything becomes a fade of this length.
@export var fade := 0.12

## Vibration per event, milliseconds (Input.vibrate_handheld), only while haptics are on.
@export var buzz_unscrew := 8
@export var buzz_land := 12
@export var buzz_seal := 25
@export var buzz_fall := 30
@export var buzz_win := 60
@export var buzz_lose := 90
@export var buzz_invalid := 15
